/**
 * Where a page's Total Blocking Time comes from: runs Lighthouse (mobile, simulated throttling
 * with the CPU slowdown calibrated from the machine's BenchmarkIndex, as scripts/perf/lighthouse.mjs
 * does) on each page and lists its trace's main-thread tasks Lighthouse can count (10 ms or more,
 * unthrottled), each with what it would add to TBT (slowdown × duration − 50 ms) and its main events.
 *
 *   node scripts/perf/lighthouse-tasks.mjs [--out=out] /404 /courses/py-101/ ...
 *   node scripts/perf/lighthouse-tasks.mjs --out=out-budget/reference/out /      (the reference page)
 *
 * Lighthouse re-times the tasks in its simulation: the sum says which tasks matter, not the TBT it
 * reports (printed beside it). Chromium: CHROMIUM_PATH, else /usr/bin/chromium.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import { chromiumPath } from '../tools/chromium.mjs';
import { calibrateCpuSlowdown, performanceRun } from './lighthouse-benchmark.mjs';
import { startStaticServer } from '../tools/static-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const args = process.argv.slice(2);
const outDir = path.resolve(root, args.find((arg) => arg.startsWith('--out='))?.slice(6) ?? 'out');
const pages = args.filter((arg) => !arg.startsWith('--'));
if (pages.length === 0) pages.push('/');

const chromePath = chromiumPath();
const { benchmarkIndex, cpuSlowdown } = await calibrateCpuSlowdown(chromePath);
console.log(`BenchmarkIndex ${benchmarkIndex}: CPU slowdown ${cpuSlowdown}×`);
const server = await startStaticServer(outDir);
const chrome = await chromeLauncher.launch({
  chromePath,
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
});

/** The renderer's main thread: the CrRendererMain thread with the most events. */
function mainThreadEvents(events) {
  const counts = new Map();
  for (const event of events)
    if (event.name === 'thread_name' && event.args.name === 'CrRendererMain')
      counts.set(`${event.pid}:${event.tid}`, 0);
  for (const event of events) {
    const key = `${event.pid}:${event.tid}`;
    if (counts.has(key)) counts.set(key, counts.get(key) + 1);
  }
  const [main] = [...counts].sort((a, b) => b[1] - a[1])[0];
  return events.filter((event) => `${event.pid}:${event.tid}` === main && event.ph === 'X' && event.dur);
}

const label = (event) => {
  const url = event.args?.data?.url;
  return url ? `${event.name} ${url.split('/').pop()}` : event.name;
};

try {
  for (const page of pages) {
    const result = await performanceRun(`${server.origin}${page}`, chrome.port, cpuSlowdown);
    const { audits } = result.lhr;
    const events = mainThreadEvents(result.artifacts.Trace.traceEvents);
    const start = events[0].ts;
    console.log(
      `\n${page}: TBT ${Math.round(audits['total-blocking-time'].numericValue)} ms, ` +
        `FCP ${Math.round(audits['first-contentful-paint'].numericValue)} ms (simulated)`,
    );
    let sum = 0;
    for (const task of events.filter((event) => event.name === 'RunTask' && event.dur >= 10_000)) {
      const inside = new Map();
      for (const event of events)
        if (event !== task && event.ts >= task.ts && event.ts + event.dur <= task.ts + task.dur)
          inside.set(label(event), (inside.get(label(event)) ?? 0) + event.dur);
      const blocking = Math.max(0, (cpuSlowdown * task.dur) / 1000 - 50);
      sum += blocking;
      const top = [...inside]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 4)
        .map(([name, duration]) => `${name} ${(duration / 1000).toFixed(0)}`)
        .join(', ');
      console.log(
        `  @${((task.ts - start) / 1000).toFixed(0).padStart(5)} ms  ${(task.dur / 1000).toFixed(0).padStart(3)} ms  ` +
          `+${blocking.toFixed(0).padStart(3)}  ${top}`,
      );
    }
    console.log(`  sum of ${cpuSlowdown} × task − 50 ms: ${sum.toFixed(0)} ms`);
  }
} finally {
  await chrome.kill();
  server.stop();
}
