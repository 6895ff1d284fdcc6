/**
 * The main-thread blocking gate: how long a page keeps the main thread from answering input
 * after its first paint, measured in the page on a calibrated phone-speed CPU, against the
 * reference page measured in the same run.
 *
 *   node scripts/perf/blocking.mjs [--runs=3] [--out=out] [--pages=home,category]
 *
 * Why not Lighthouse's TBT: its simulation counts only tasks between simulated FCP and TTI, and
 * it counts each task past 50 ms, which is not linear in the machine's speed. Our start-up is
 * many short tasks that cross 50 ms on a slower machine and stay under it on a faster one, the
 * reference's one big task is over it everywhere, so the same commit reads far below the reference
 * on one machine and above it on another (docs/performance.md, 'Figures behind the code').
 * Here the CPU is slowed for real (DevTools protocol, Emulation.setCPUThrottlingRate) by the
 * multiplier calibrated from the machine's BenchmarkIndex (lighthouse-throttling.mjs), so every
 * machine runs the same phone, and every task the page runs in its first 10 s counts.
 *
 * Each load is a first visit: a fresh browser context (HTTP cache disabled, no service worker yet) with
 * Lighthouse's mobile screen (412×823 at 1.75×) and user agent. A PerformanceObserver registered
 * before any page script records the long tasks and FCP of the first 10 s. Per load (arithmetic
 * in blocking-stats.mjs, unit-tested): blocking after FCP, the part of each task past its first
 * 50 ms that falls after FCP, summed; and the longest task. Runs are interleaved (every page and
 * the reference once, N times) and medians compared. A page fails when its median blocking is
 * over 1.1× the reference's, or its longest task over the reference's longest; the goal, printed,
 * is a longest task within 0.25× the reference's. The cart page loads with 2 courses saved.
 * Writes .lighthouse/blocking.json (blocking-<folder>.json for an export other than out/).
 *
 * Pages as in scripts/perf/lighthouse.mjs; the reference is out-budget/reference/out (made by
 * scripts/check/budget.mjs). Chromium: CHROMIUM_PATH, else /usr/bin/chromium.
 */
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import * as constants from 'lighthouse/core/config/constants.js';
import { GATE, judgeBlocking, loadFigures, medianFigures } from './blocking-stats.mjs';
import { chromiumPath } from '../tools/chromium.mjs';
import { calibrateCpuSlowdown } from './lighthouse-benchmark.mjs';
import { startSiteAndReference } from '../tools/static-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const option = (name, fallback) =>
  process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;

const runs = Number(option('runs', '3'));
const outDir = path.resolve(root, option('out', 'out'));
const referenceDir = path.join(root, 'out-budget/reference/out');
const WINDOW_MS = 10_000;

const REFERENCE = { name: 'reference', path: '/', reference: true };
const PAGES = [
  { name: 'home', path: '/' },
  { name: 'category', path: '/category/python/' },
  { name: 'course', path: '/courses/py-101/' },
  { name: 'cart', path: '/cart/', savedCart: true },
  { name: 'search', path: '/search/' },
  // The file at its clean URL, as scripts/perf/lighthouse.mjs loads it.
  { name: '404', path: '/404' },
];
const TARGETS = [...PAGES.filter((page) => option('pages', page.name).split(',').includes(page.name)), REFERENCE];

for (const [dir, what] of [
  [outDir, 'run `npm run build` first'],
  [referenceDir, 'run `npm run check:budget` first'],
]) {
  if (!existsSync(path.join(dir, 'index.html'))) {
    console.error(`No export in ${path.relative(root, dir)}/: ${what}.`);
    process.exit(1);
  }
}
// Two real courses of this export, saved as a returning visitor's cart (only the ids are trusted).
const savedCart = JSON.stringify(
  readdirSync(path.join(outDir, 'courses'))
    .sort()
    .slice(0, 2)
    .map((courseID) => ({ courseID })),
);

/** Runs in the page before its own scripts: records long tasks and FCP from navigation on. */
function observe() {
  const seen = { tasks: /** @type {{ startTime: number, duration: number }[]} */ ([]), fcp: -1 };
  const record = (/** @type {PerformanceEntryList} */ entries) => {
    for (const entry of entries) {
      if (entry.entryType === 'longtask') seen.tasks.push({ startTime: entry.startTime, duration: entry.duration });
      else if (entry.name === 'first-contentful-paint') seen.fcp = entry.startTime;
    }
  };
  const observers = ['longtask', 'paint'].map((type) => {
    const observer = new PerformanceObserver((list) => record(list.getEntries()));
    observer.observe({ type, buffered: true });
    return observer;
  });
  Object.assign(window, {
    __blocking: () => {
      for (const observer of observers) record(observer.takeRecords());
      return seen;
    },
  });
}

const chromePath = chromiumPath();
const started = Date.now();
const { benchmarkIndex, samples, cpuSlowdown } = await calibrateCpuSlowdown(chromePath);
console.log(
  `BenchmarkIndex ${benchmarkIndex} (${samples.join(', ')}): CPU slowed ${cpuSlowdown}× ` +
    `(Lighthouse's calculator), ${runs} interleaved run(s) of ${TARGETS.length} pages, ${WINDOW_MS / 1000} s each`,
);

const { origins, stop: stopServers } = await startSiteAndReference(outDir, referenceDir);
const browser = await chromium.launch({ executablePath: chromePath, args: ['--no-sandbox', '--disable-gpu'] });
const { mobile: screen } = constants.screenEmulationMetrics;

/** One load of `url` on a fresh context: its long tasks and FCP over the window. */
async function measure(page) {
  const url = `${page.reference ? origins.reference : origins.site}${page.path}`;
  const context = await browser.newContext({
    viewport: { width: screen.width, height: screen.height },
    deviceScaleFactor: screen.deviceScaleFactor,
    isMobile: true,
    hasTouch: true,
    userAgent: constants.userAgents.mobile,
  });
  try {
    if (page.savedCart) await context.addInitScript((raw) => localStorage.setItem('cart', raw), savedCart);
    await context.addInitScript(observe);
    const tab = await context.newPage();
    const cdp = await context.newCDPSession(tab);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
    await tab.goto(url, { waitUntil: 'load', timeout: 60_000 });
    const elapsed = await tab.evaluate(() => performance.now());
    if (elapsed < WINDOW_MS) await tab.waitForTimeout(WINDOW_MS - elapsed);
    const seen = await tab.evaluate(() => /** @type {any} */ (window).__blocking());
    if (seen.fcp < 0) throw new Error(`${url}: no first contentful paint in ${WINDOW_MS / 1000} s`);
    return { ...loadFigures(seen.tasks, seen.fcp, WINDOW_MS), fcp: seen.fcp, tasks: seen.tasks.length };
  } finally {
    await context.close();
  }
}

/** results[page name] = one entry per run. */
const results = Object.fromEntries(TARGETS.map((page) => [page.name, []]));
try {
  for (let run = 1; run <= runs; run++) {
    for (const page of TARGETS) {
      const figures = await measure(page);
      results[page.name].push(figures);
      console.log(
        `run ${run}/${runs} ${page.name.padEnd(9)} ${page.path.padEnd(18)} FCP ${String(Math.round(figures.fcp)).padStart(5)} ms  ` +
          `blocking ${String(Math.round(figures.blocking)).padStart(5)} ms  longest ${String(Math.round(figures.longest)).padStart(4)} ms  (${figures.tasks} long tasks)`,
      );
    }
  }
} finally {
  await browser.close();
  stopServers();
}

const reference = medianFigures(results[REFERENCE.name]);
const failures = [];
const rows = TARGETS.map((page) => {
  const medians = medianFigures(results[page.name]);
  const verdict = judgeBlocking(medians, reference);
  if (!page.reference) for (const failure of verdict.failures) failures.push(`${page.path}: ${failure}`);
  return { page, medians, verdict, runs: results[page.name] };
});

const summary = {
  generatedAt: new Date().toISOString(),
  seconds: Math.round((Date.now() - started) / 1000),
  loadAverage: os.loadavg().map((load) => Number(load.toFixed(2))),
  benchmarkIndex,
  benchmarkSamples: samples,
  cpuSlowdown,
  runs,
  windowMs: WINDOW_MS,
  gate: GATE,
  pages: Object.fromEntries(
    rows.map(({ page, medians, verdict, runs: entries }) => [
      page.name,
      {
        path: page.path,
        blockingMs: Math.round(medians.blocking),
        longestMs: Math.round(medians.longest),
        blockingRatio: Number(verdict.blockingRatio.toFixed(2)),
        longestRatio: Number(verdict.longestRatio.toFixed(2)),
        passes: page.reference || verdict.failures.length === 0,
        longestGoalMet: verdict.goal,
        runs: entries.map((entry) => ({
          fcpMs: Math.round(entry.fcp),
          blockingMs: Math.round(entry.blocking),
          longestMs: Math.round(entry.longest),
          longTasks: entry.tasks,
        })),
      },
    ]),
  ),
};
mkdirSync(path.join(root, '.lighthouse'), { recursive: true });
const summaryFile = `.lighthouse/blocking${path.basename(outDir) === 'out' ? '' : `-${path.basename(outDir)}`}.json`;
writeFileSync(path.join(root, summaryFile), `${JSON.stringify(summary, null, 2)}\n`);

const times = (value) => (Number.isFinite(value) ? `${value.toFixed(2)}×` : '∞');
const header = [
  'page',
  'blocking ms',
  '÷ ref',
  'longest ms',
  '÷ ref',
  'verdict',
  `longest ≤ ${GATE.longestGoalRatio}× ref`,
];
const table = rows.map(({ page, medians, verdict }) => [
  page.reference ? 'reference' : page.path,
  String(Math.round(medians.blocking)),
  times(verdict.blockingRatio),
  String(Math.round(medians.longest)),
  times(verdict.longestRatio),
  page.reference ? '' : verdict.failures.length ? 'FAIL' : 'pass',
  page.reference ? '' : verdict.goal ? 'met' : 'not yet',
]);
const widths = header.map((title, column) => Math.max(title.length, ...table.map((row) => row[column].length)));
const line = (cells) =>
  cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]))).join('  ');
console.log(
  `\nMain-thread blocking, medians of ${runs} run(s), CPU ${cpuSlowdown}× (BenchmarkIndex ${benchmarkIndex}), ` +
    `${summary.seconds} s, load average ${summary.loadAverage.join(' ')} (${summaryFile})\n`,
);
console.log(line(header));
for (const row of table) console.log(line(row));

if (failures.length) {
  console.error(`\nMain-thread blocking FAILED:\n${failures.map((failure) => `  - ${failure}`).join('\n')}`);
  process.exit(1);
}
console.log('\nMain-thread blocking: OK');
