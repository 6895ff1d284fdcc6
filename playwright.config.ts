import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';
import { readEnv, shopMoney } from './config/env.mjs';
import { findHeadlessShell } from './scripts/tools/chromium.mjs';
import type { PaddleBuildOption } from './e2e/fixtures';

/*
 * The suite runs against the exported out/ folder served as plain files (no dev server,
 * no single-page fallback). This file is read again in every worker, so the free port is
 * picked once, by the first read, and handed down through the environment.
 */
function freePort(): string {
  return execFileSync(process.execPath, [
    '-e',
    "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})",
  ]).toString();
}

process.env.E2E_PORT ||= freePort();
const port = process.env.E2E_PORT;
const baseURL = `http://127.0.0.1:${port}`;

/*
 * The sub-path deploy: `npm run build:subpath` exports a BASE_PATH=/storefront build to
 * out-storefront/, served under /storefront by a second server for e2e/basepath.spec.ts.
 * Left out when that build is missing (outside CI), so the main suite runs without it.
 */
process.env.E2E_SUBPATH_PORT ||= freePort();
const subpathURL = `http://127.0.0.1:${process.env.E2E_SUBPATH_PORT}`;
const serveSubpath = !!process.env.CI || existsSync('out-storefront/index.html');

/*
 * A synthetic catalogue of 300 courses (`npm run build:synthetic` → out-synth/), so that
 * categories have several pages: e2e/*.synthetic.spec.ts run against it. Left out when
 * that build is missing (outside CI).
 */
process.env.E2E_SYNTH_PORT ||= freePort();
const synthURL = `http://127.0.0.1:${process.env.E2E_SYNTH_PORT}`;
const serveSynth = !!process.env.CI || existsSync('out-synth/index.html');

/*
 * A hostile catalogue (`npm run build:hostile` → out-hostile/): markup and script in every text,
 * right-to-left and CJK scripts, emoji, a 150-character name without a space, lists at their
 * limits. e2e/*.hostile.spec.ts run against it. Left out when that build is missing (outside CI).
 */
process.env.E2E_HOSTILE_PORT ||= freePort();
const hostileURL = `http://127.0.0.1:${process.env.E2E_HOSTILE_PORT}`;
const serveHostile = !!process.env.CI || existsSync('out-hostile/index.html');

/*
 * What next.config.mjs folds into the site's code, for the lib/ modules the specs import
 * (lib/money.ts formatPrice, lib/format.ts toMinorUnits): the shop's money as this environment
 * sets it, US dollars unless SHOP_CURRENCY says otherwise. A spec of a build in another currency
 * makes that build's own (e2e/shop-money.ts).
 */
const money = shopMoney(readEnv());
Object.assign(globalThis, { __SHOP_MONEY__: JSON.stringify(money), __SHOP_MONEY_DIGITS__: money.digits });

/*
 * The real host: Cloudflare Pages' runtime (`wrangler pages dev`, scripts/tools/cloudflare-pages.mjs)
 * serving out/, out-storefront/ under /storefront and out-hostile/, for e2e/*.host.spec.ts only: its URL rules,
 * 404 handling and reading of _headers. Left out when the export is missing (outside CI), as the
 * servers above.
 */
process.env.E2E_HOST_PORT ||= freePort();
const hostURL = `http://127.0.0.1:${process.env.E2E_HOST_PORT}`;
process.env.E2E_HOST_SUBPATH_PORT ||= freePort();
// A run limited to other projects (`--project=chromium`) does not wait for it.
const projects = process.argv.flatMap((arg, index, args) =>
  arg === '--project' ? [args[index + 1]] : arg.startsWith('--project=') ? [arg.slice('--project='.length)] : [],
);
const runsHost = projects.length === 0 || projects.includes('host');
const serveHost = runsHost && (!!process.env.CI || existsSync('out/index.html'));
const serveHostSubpath = runsHost && (!!process.env.CI || existsSync('out-storefront/index.html'));
// The Paddle build (out-hostile/): the one checkout whose _headers differ (Permissions-Policy).
process.env.E2E_HOST_PADDLE_PORT ||= freePort();
const serveHostPaddle = runsHost && (!!process.env.CI || existsSync('out-hostile/index.html'));

// Chromium's headless shell (scripts/tools/chromium.mjs), the full browser where it is missing.
const chromiumPath = findHeadlessShell();

export default defineConfig<PaddleBuildOption>({
  testDir: './e2e',
  /*
   * The specs read the catalogue through lib/, whose file-reading modules say
   * `import 'server-only'`; that marker throws outside React's server graph, so this
   * tsconfig maps it to the package's empty module for every file the specs import.
   */
  tsconfig: './e2e/tsconfig.json',
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: 0,
  workers: process.env.CI ? 2 : undefined,
  reporter: process.env.CI ? [['list']] : [['list']],
  timeout: 30_000,
  use: {
    baseURL,
    /*
     * Each test gets a fresh context, in which the service worker would install and precache
     * the whole app shell again. Only the specs about offline use need it; they
     * opt in with test.use({ serviceWorkers: 'allow' }).
     */
    serviceWorkers: 'block',
    /*
     * A trace records a DOM snapshot at every action of every test, passing or not, and costs the
     * suite much of its time; CI prints only the log. PW_TRACE=1 records them again (kept for
     * the tests that fail) when a failure needs one; a failing test always leaves a screenshot.
     */
    trace: process.env.PW_TRACE ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromiumPath,
      args: ['--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'],
    },
  },
  projects: [
    {
      name: 'chromium',
      use: { ...devices['Desktop Chrome'] },
      testIgnore: /(basepath|\.synthetic|\.hostile|\.host)\.spec\.ts$/,
    },
    {
      name: 'synthetic',
      use: { ...devices['Desktop Chrome'], baseURL: synthURL },
      testMatch: /\.synthetic\.spec\.ts$/,
    },
    {
      name: 'hostile',
      // The hostile build's checkout is Paddle (package.json, build:hostile).
      use: { ...devices['Desktop Chrome'], baseURL: hostileURL, paddleBuild: true },
      testMatch: /\.hostile\.spec\.ts$/,
    },
    {
      name: 'basepath',
      use: { ...devices['Desktop Chrome'], baseURL: subpathURL },
      testMatch: /basepath\.spec\.ts$/,
    },
    {
      name: 'host',
      use: { ...devices['Desktop Chrome'], baseURL: hostURL },
      testMatch: /\.host\.spec\.ts$/,
    },
  ],
  webServer: [
    {
      command: `node scripts/tools/serve.mjs out ${port}`,
      url: `${baseURL}/`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    ...(serveSubpath
      ? [
          {
            command: `node scripts/tools/serve.mjs out-storefront ${process.env.E2E_SUBPATH_PORT} /storefront`,
            url: `${subpathURL}/storefront/`,
            reuseExistingServer: false,
            timeout: 30_000,
          },
        ]
      : []),
    ...(serveSynth
      ? [
          {
            command: `node scripts/tools/serve.mjs out-synth ${process.env.E2E_SYNTH_PORT}`,
            url: `${synthURL}/`,
            reuseExistingServer: false,
            timeout: 30_000,
          },
        ]
      : []),
    ...(serveHostile
      ? [
          {
            command: `node scripts/tools/serve.mjs out-hostile ${process.env.E2E_HOSTILE_PORT}`,
            url: `${hostileURL}/`,
            reuseExistingServer: false,
            timeout: 30_000,
          },
        ]
      : []),
    ...(serveHost
      ? [
          {
            command: `node scripts/tools/cloudflare-pages.mjs out ${process.env.E2E_HOST_PORT}`,
            url: `${hostURL}/`,
            reuseExistingServer: false,
            timeout: 120_000,
          },
        ]
      : []),
    ...(serveHostSubpath
      ? [
          {
            command: `node scripts/tools/cloudflare-pages.mjs out-storefront ${process.env.E2E_HOST_SUBPATH_PORT} /storefront`,
            url: `http://127.0.0.1:${process.env.E2E_HOST_SUBPATH_PORT}/storefront/`,
            reuseExistingServer: false,
            timeout: 120_000,
          },
        ]
      : []),
    ...(serveHostPaddle
      ? [
          {
            command: `node scripts/tools/cloudflare-pages.mjs out-hostile ${process.env.E2E_HOST_PADDLE_PORT}`,
            url: `http://127.0.0.1:${process.env.E2E_HOST_PADDLE_PORT}/`,
            reuseExistingServer: false,
            timeout: 120_000,
          },
        ]
      : []),
  ],
});
