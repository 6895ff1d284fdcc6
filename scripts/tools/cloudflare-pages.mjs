// @ts-check
/**
 * Serves an export on Cloudflare Pages' own runtime, `wrangler pages dev` (no account, no network),
 * for e2e/*.host.spec.ts: its URL rules, 404 handling and reading of `_headers`, where serve.mjs
 * only imitates a host.
 *
 *   node scripts/tools/cloudflare-pages.mjs [dir=out] [port=8788] [mount=/]
 *
 * With a mount such as '/storefront' (a BASE_PATH build), deployed as README 'Deploying' says: the
 * export linked into a folder of that name under .wrangler/, whose own `_headers` (the only one
 * Pages reads) is host-headers.mjs's for the sub-path, with a `_redirects` from '/' to it. Wrangler is kept off the network and the terminal: no metrics, error reports, update check or
 * `Request.cf` download, its config under .wrangler/, and no standard input, so it never prompts.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { NO_CHECKOUT } from '../../config/checkout.mjs';
import { requireBuild } from '../build.mjs';

const { hasManifest, headersFile, readManifest } = requireBuild();

/** The Workers compatibility date the local runtime runs the Pages site with. */
export const COMPATIBILITY_DATE = '2026-05-01';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const state = path.join(root, '.wrangler');

/** What wrangler is run with: nothing sent, nothing asked, nothing written outside .wrangler/. */
export const WRANGLER_ENV = {
  WRANGLER_SEND_METRICS: 'false',
  WRANGLER_SEND_ERROR_REPORTS: 'false',
  WRANGLER_HIDE_BANNER: 'true',
  CLOUDFLARE_CF_FETCH_ENABLED: 'false',
  XDG_CONFIG_HOME: path.join(state, 'config'),
};

/**
 * The folder to deploy: the export itself at the root, or a folder holding it under the mount,
 * with the `_headers` for that path.
 * @param {string} dir @param {string} prefix '' or '/storefront'
 */
function siteFolder(dir, prefix) {
  if (!prefix) return dir;
  const checkout = (hasManifest(dir) && readManifest(dir).checkout) || NO_CHECKOUT;
  const site = path.join(state, 'sites', `${path.basename(dir)}${prefix.replaceAll('/', '-')}`);
  rmSync(site, { recursive: true, force: true });
  mkdirSync(path.dirname(path.join(site, prefix)), { recursive: true });
  symlinkSync(dir, path.join(site, prefix), 'dir');
  writeFileSync(path.join(site, '_headers'), headersFile(prefix, checkout));
  // The host's root sends visitors to the site, as serve.mjs does.
  writeFileSync(path.join(site, '_redirects'), `/ ${prefix}/ 302\n`);
  return site;
}

/** A free port on the loopback interface. @returns {Promise<number>} */
const freePort = () =>
  new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [dir = 'out', port = '8788', mount = '/'] = process.argv.slice(2);
  const exportDir = path.resolve(dir);
  if (!existsSync(path.join(exportDir, 'index.html'))) {
    console.error(`cloudflare-pages: no export in ${dir}/ (npm run build first)`);
    process.exit(1);
  }
  const wrangler = path.join(root, 'node_modules/wrangler/bin/wrangler.js');
  const args = ['pages', 'dev', siteFolder(exportDir, mount.replace(/\/$/, ''))];
  args.push('--ip', '127.0.0.1', '--port', port, `--compatibility-date=${COMPATIBILITY_DATE}`);
  // Each instance its own devtools port: two at once would both take the default, 9229.
  args.push('--inspector-port', String(await freePort()), '--show-interactive-dev-session=false');
  const child = spawn(process.execPath, [wrangler, ...args], {
    cwd: root,
    env: { ...process.env, ...WRANGLER_ENV },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}
