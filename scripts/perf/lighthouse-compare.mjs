/**
 * Two or more exports of the site side by side on one page, with the reference page, to tell
 * whether a change moved mobile LCP, TBT or performance: runs are interleaved (every build and the
 * reference once, then again, N times), so a slow spell of the machine spreads over all of them.
 * One page's TBT spreads widely from run to run on a busy machine: compare medians of 7 or more
 * runs, and trust only a gap wider than that spread (docs/performance.md, 'Figures behind the code').
 *
 *   NEXT_DIST_DIR=out-before npm run build   (on the commit before the change)
 *   node scripts/perf/lighthouse-compare.mjs [--runs=9] /category/python/ out-before out
 *
 * Mobile, simulated, the CPU calibrated as lighthouse.mjs does (blocking: blocking.mjs). Chromium: CHROMIUM_PATH, else /usr/bin/chromium.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import { chromiumPath } from '../tools/chromium.mjs';
import { calibrateCpuSlowdown, performanceRun } from './lighthouse-benchmark.mjs';
import { startStaticServer } from '../tools/static-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const args = process.argv.slice(2);
const runs = Number(args.find((arg) => arg.startsWith('--runs='))?.slice(7) ?? '9');
const [page, ...dirs] = args.filter((arg) => !arg.startsWith('--'));
if (!page || dirs.length === 0) {
  console.error(
    'usage: node scripts/perf/lighthouse-compare.mjs [--runs=9] <page path> <export dir> [<export dir> ...]',
  );
  process.exit(1);
}
const targets = [...dirs.map((dir) => ({ dir, path: page })), { dir: 'out-budget/reference/out', path: '/' }];

const chromePath = chromiumPath();
const { benchmarkIndex, cpuSlowdown } = await calibrateCpuSlowdown(chromePath);
console.log(`BenchmarkIndex ${benchmarkIndex}: CPU slowdown ${cpuSlowdown}×`);
const servers = [];
for (const target of targets) {
  const server = await startStaticServer(path.resolve(root, target.dir));
  servers.push(server);
  target.url = `${server.origin}${target.path}`;
  target.results = [];
}
const chrome = await chromeLauncher.launch({
  chromePath,
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
});
try {
  for (let run = 0; run < runs; run++)
    for (const target of targets) {
      const { lhr } = await performanceRun(target.url, chrome.port, cpuSlowdown);
      target.results.push({
        tbt: lhr.audits['total-blocking-time'].numericValue,
        performance: lhr.categories.performance.score,
        lcp: lhr.audits['largest-contentful-paint'].numericValue,
      });
    }
} finally {
  await chrome.kill();
  for (const server of servers) server.stop();
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
for (const { dir, path: where, results } of targets) {
  const of = (key) => median(results.map((result) => result[key]));
  console.log(
    `${`${dir} ${where}`.padEnd(44)} TBT ${String(Math.round(of('tbt'))).padStart(4)} ms  perf ${of('performance').toFixed(2)}  ` +
      `LCP ${Math.round(of('lcp'))} ms   TBT runs: ${results.map((result) => Math.round(result.tbt)).join(' ')}`,
  );
}
