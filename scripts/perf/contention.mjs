// @ts-check
/**
 * Does a busy machine move the gate's figures? Loads pages as the main-thread gate does
 * (page-load.mjs) at each CPU slowdown, first on a quiet machine, then with other processes
 * keeping cores busy, and prints the main-thread time and longest task (thread time) of each
 * page's loads, and the ratio of their medians to the first page's (the reference, by default).
 * An investigation tool, not a gate (docs/performance.md, 'The main-thread gate').
 *   node scripts/perf/contention.mjs --cpu=1,4,14 --busy=0,1,2 --runs=3
 *   options: --pages=out-budget/reference/out:/,out-synth:/category/python/ (export:path, comma-separated)
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { loadFigures, median } from './blocking-stats.mjs';
import { measureLoad } from './page-load.mjs';
import { chromiumPath } from '../tools/chromium.mjs';
import { startStaticServer } from '../tools/static-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const option = (/** @type {string} */ name, /** @type {string} */ fallback) =>
  process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const numbers = (/** @type {string} */ list) => list.split(',').map(Number);

const slowdowns = numbers(option('cpu', '1,4,14'));
const busyCounts = numbers(option('busy', '0,2'));
const runs = Number(option('runs', '3'));
const pages = option('pages', 'out-budget/reference/out:/,out-synth:/category/python/,out:/courses/py-101/')
  .split(',')
  .map((page) => {
    const [dir = '', route = '/'] = page.split(':');
    return { dir: path.resolve(root, dir), route, label: page };
  });

const servers = new Map();
for (const { dir } of pages) if (!servers.has(dir)) servers.set(dir, await startStaticServer(dir));
const browser = await chromium.launch({ executablePath: chromiumPath(), args: ['--no-sandbox', '--disable-gpu'] });

/** A process that keeps one core busy until it is killed. */
const busyProcess = () => spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' });

try {
  for (const busy of busyCounts) {
    const others = Array.from({ length: busy }, busyProcess);
    try {
      for (const cpuSlowdown of slowdowns) {
        /** @type {{ mainThread: number, longest: number } | undefined} */
        let first;
        for (const { dir, route, label } of pages) {
          const figures = [];
          for (let run = 0; run < runs; run++)
            figures.push(
              loadFigures(await measureLoad(browser, `${servers.get(dir).origin}${route}`, { cpuSlowdown })),
            );
          const range = (/** @type {number[]} */ values) =>
            `${Math.round(Math.min(...values))}–${Math.round(Math.max(...values))}`;
          const middle = {
            mainThread: median(figures.map((load) => load.mainThread)),
            longest: median(figures.map((load) => load.longest)),
          };
          first ??= middle;
          console.log(
            `${busy} core(s) kept busy, CPU ${cpuSlowdown}×, ${label}: main thread ` +
              `${range(figures.map((load) => load.mainThread))} ms (median ${(middle.mainThread / first.mainThread).toFixed(2)}× the first page's), ` +
              `longest task ${range(figures.map((load) => load.longest))} ms (${(middle.longest / first.longest).toFixed(2)}×)`,
          );
        }
      }
    } finally {
      for (const other of others) other.kill();
    }
  }
} finally {
  await browser.close();
  for (const server of servers.values()) server.stop();
}
