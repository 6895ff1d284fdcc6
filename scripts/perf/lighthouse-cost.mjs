/**
 * What one Lighthouse run of the gate costs, and where its seconds go: a page of the site and the
 * reference, each run as the gate gathered every run before (all four categories, bf-cache too)
 * and as it runs them now (runSettings in lighthouse-gate.mjs: the first round, the others),
 * interleaved, N times, on the mobile preset at the calibrated CPU slowdown (--desktop: the desktop
 * preset). Prints each kind's medians: wall time, Lighthouse's timing of its phases, and LCP (a
 * change in what is gathered must not move it). An investigation tool, not a gate.
 *
 *   node scripts/perf/lighthouse-cost.mjs [--runs=3] [--desktop] [/courses/py-101/]
 *
 * Chromium: CHROMIUM_PATH, else /usr/bin/chromium.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { calibrateCpuSlowdown } from './lighthouse-benchmark.mjs';
import { DOCUMENT_CATEGORIES, runSettings } from './lighthouse-gate.mjs';
import { chromiumPath } from '../tools/chromium.mjs';
import { startSiteAndReference } from '../tools/static-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const args = process.argv.slice(2);
const runs = Number(args.find((arg) => arg.startsWith('--runs='))?.slice(7) ?? '3');
const pagePath = args.find((arg) => !arg.startsWith('--')) ?? '/courses/py-101/';
const desktop = args.includes('--desktop');

/** Lighthouse's timing entries for the phases of a run. */
const PHASES = {
  config: 'lh:config',
  benchmark: 'lh:gather:getBenchmarkIndex',
  load: 'lh:driver:navigate',
  gather: 'lh:runner:gather',
  audit: 'lh:runner:audit',
};

const chromePath = chromiumPath();
const { cpuSlowdown } = await calibrateCpuSlowdown(chromePath);
const { origins, stop } = await startSiteAndReference(
  path.join(root, 'out'),
  path.join(root, 'out-budget/reference/out'),
);
const chrome = await chromeLauncher.launch({
  chromePath,
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
});
/** How every run was gathered before runSettings: all four categories, bf-cache too. */
const before = { onlyCategories: ['performance', ...DOCUMENT_CATEGORIES], skipAudits: [] };
const kinds = [
  { name: `${pagePath}, every run before`, url: `${origins.site}${pagePath}`, settings: before },
  { name: `${pagePath}, first run`, url: `${origins.site}${pagePath}`, settings: runSettings({}, 1) },
  { name: `${pagePath}, other runs`, url: `${origins.site}${pagePath}`, settings: runSettings({}, 2) },
  { name: 'reference, every run before', url: `${origins.reference}/`, settings: before },
  { name: 'reference, other runs', url: `${origins.reference}/`, settings: runSettings({}, 2) },
];
/** @type {Record<string, Record<string, number>[]>} */
const measured = {};
try {
  for (let run = 0; run < runs; run++)
    for (const kind of kinds) {
      const began = Date.now();
      const result = await lighthouse(
        kind.url,
        {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          disableFullPageScreenshot: true,
          ...(!desktop && { throttling: { cpuSlowdownMultiplier: cpuSlowdown } }),
          ...kind.settings,
        },
        desktop ? desktopConfig : undefined,
      );
      if (!result?.lhr) throw new Error(`Lighthouse returned nothing for ${kind.url}`);
      const timing = Object.fromEntries(result.lhr.timing.entries.map((entry) => [entry.name, entry.duration]));
      (measured[kind.name] ??= []).push({
        wall: Date.now() - began,
        lcp: result.lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
        ...Object.fromEntries(Object.entries(PHASES).map(([key, id]) => [key, timing[id] ?? 0])),
      });
    }
} finally {
  await chrome.kill();
  stop();
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
console.log(
  `${desktop ? 'Desktop' : `Mobile, CPU ${cpuSlowdown}×`}, medians of ${runs} interleaved run(s) of each kind, ms`,
);
for (const [name, rows] of Object.entries(measured))
  console.log(
    `${name.padEnd(34)} ${['wall', ...Object.keys(PHASES), 'lcp']
      .map((key) => `${key} ${String(Math.round(median(rows.map((row) => row[key])))).padStart(5)}`)
      .join('  ')}  LCP runs ${rows.map((row) => Math.round(row.lcp)).join(' ')}`,
  );
