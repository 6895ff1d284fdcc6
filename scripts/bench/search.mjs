#!/usr/bin/env node
/**
 * Search budgets (BUDGETS), in Chromium with the CPU slowed 4×:
 *
 *   node scripts/bench/search.mjs [outDir=out]       measure an existing export (built first if missing)
 *   node scripts/bench/search.mjs --courses 10000    build a synthetic catalogue of that size into out-10000/ and measure it
 *
 * Serves the folder as scripts/tools/serve.mjs does. On a course-less page it types queries into the
 * navbar field one key at a time, as people do, and records per query the encoded bytes from the
 * first key until the suggestions for the whole query show, and the time from the last key to
 * then. Exits 1 when a budget is missed.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { budgetSummary, countTransfer, finish, kb, overBudget, transferBudget } from './budget.mjs';
import { chromiumPath } from '../tools/chromium.mjs';
import { withStaticServer } from '../tools/static-server.mjs';

/** The first query (the runtime and its WebAssembly included), each later one, suggestions once loaded. */
const BUDGETS = { firstBytes: 200 * 1024, laterBytes: 60 * 1024, latencyMs: 150, latencyName: 'latency' };
const CPU_SLOWDOWN = 4;
const KEY_DELAY_MS = 120;
/** Words every catalogue (the 22 courses and the synthetic ones) has; the first query loads the runtime. */
const QUERIES = ['python', 'react', 'data', 'design', 'aws', 'market', 'figma', 'machine learn'];

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const args = process.argv.slice(2);
const coursesArg = args.indexOf('--courses');
const courses = coursesArg >= 0 ? Number(args[coursesArg + 1]) : null;
const folderArg = args.find((arg, index) => !arg.startsWith('--') && (coursesArg < 0 || index !== coursesArg + 1));
const outDir = path.resolve(root, courses ? `out-${courses}` : (folderArg ?? 'out'));

function run(command, commandArgs, env = {}) {
  const result = spawnSync(command, commandArgs, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) throw new Error(`${command} ${commandArgs.join(' ')} failed`);
}

function build() {
  const folder = path.relative(root, outDir);
  if (courses) {
    const catalogue = `.synthetic/courses-${courses}.json`;
    run(process.execPath, ['scripts/tools/synth-catalogue.mjs', String(courses), catalogue]);
    run('npm', ['run', 'build'], { CATALOGUE: catalogue, NEXT_DIST_DIR: folder, BASE_PATH: '' });
  } else {
    run('npm', ['run', 'build'], { NEXT_DIST_DIR: folder, BASE_PATH: '' });
  }
}

async function measure(baseURL) {
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
  });
  try {
    // No service worker: a response it serves reports no transfer, and a first visit has none.
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });

    // Playwright reports the requests of the page and of its workers (Pagefind searches in one).
    let transferred = 0;
    const files = new Map();
    const { settled } = countTransfer(page, (request, bytes) => {
      transferred += bytes;
      files.set(request.url(), (files.get(request.url()) ?? 0) + bytes);
    });

    await page.goto(`${baseURL}/cart/`, { waitUntil: 'networkidle' });
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    const field = page.getByRole('banner').getByRole('combobox', { name: 'Search courses' });

    const rows = [];
    for (const [position, query] of QUERIES.entries()) {
      // Clearing focuses the field, which loads Pagefind: the first query starts from an untouched field.
      if (position > 0) {
        await field.fill('');
        await page.waitForLoadState('networkidle');
      }
      await settled();
      const before = transferred;
      files.clear();
      await field.focus();
      // The time of the last key and of the first frame showing that query's suggestions, in the page's clock.
      await page.evaluate((expected) => {
        const state = { lastKey: 0, shown: 0 };
        window.__bench = state;
        const field = document.querySelector('header [role="combobox"]');
        field.addEventListener('keydown', () => (state.lastKey = performance.now()));
        const list = document.getElementById(field.getAttribute('aria-controls'));
        new MutationObserver(() => {
          if (!state.shown && list.dataset.query === expected && list.querySelector('[role="option"]')) {
            state.shown = performance.now();
          }
        }).observe(list, { attributes: true, childList: true, subtree: true });
      }, query);
      await field.pressSequentially(query, { delay: KEY_DELAY_MS });
      await page.waitForFunction(() => window.__bench.shown > 0, null, { timeout: 30_000 });
      await page.waitForLoadState('networkidle');
      await settled();
      const { lastKey, shown } = await page.evaluate(() => window.__bench);
      rows.push({
        query,
        first: position === 0,
        bytes: transferred - before,
        requests: files.size,
        latency: Math.max(0, shown - lastKey),
        options: await page.getByRole('option').count(),
      });
    }
    return rows;
  } finally {
    await browser.close();
  }
}

if (!existsSync(path.join(outDir, 'index.html')) || (courses && !existsSync(path.join(outDir, 'pagefind')))) build();
if (!existsSync(path.join(outDir, 'pagefind/pagefind.js'))) {
  console.error(`No Pagefind index in ${path.relative(root, outDir)}/pagefind/: build with \`npm run build\`.`);
  process.exit(1);
}
const courseCount = spawnSync('find', [path.join(outDir, 'courses'), '-name', 'index.html'], { encoding: 'utf8' })
  .stdout.split('\n')
  .filter(Boolean).length;

const rows = await withStaticServer(outDir, measure);

console.log(
  `\nSearch on ${path.relative(root, outDir)}/ (${courseCount} courses), Chromium, CPU ${CPU_SLOWDOWN}× slower, keys ${KEY_DELAY_MS} ms apart\n`,
);
console.log(
  `${'query'.padEnd(16)} ${'transfer'.padStart(10)} ${'budget'.padStart(9)} ${'requests'.padStart(9)} ${'suggestions after last key'.padStart(27)}`,
);
const failures = [];
for (const row of rows) {
  const over = overBudget(row, BUDGETS);
  const label = `${row.query}${row.first ? ' (1st)' : ''}`;
  console.log(
    `${label.padEnd(16)} ${kb(row.bytes).padStart(10)} ${kb(transferBudget(row, BUDGETS)).padStart(9)} ${String(row.requests).padStart(9)} ${`${row.latency.toFixed(0)} ms (${row.options} shown)`.padStart(27)}${over.length ? `  OVER: ${over.join(', ')}` : ''}`,
  );
  if (over.length) failures.push(`"${row.query}": ${over.join(', ')}`);
}
console.log(
  `\n${budgetSummary(rows, BUDGETS, { first: 'first query', later: 'later queries', latency: 'slowest later suggestions' })}`,
);
finish('Search', failures);
