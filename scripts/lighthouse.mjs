/**
 * Lighthouse against the static export, served with compression like a real host (issue #5).
 *
 *   node scripts/lighthouse.mjs [--runs=3] [--out=out]
 *
 * Pages: home, a category, a course and the cart; mobile (Lighthouse's default config) and
 * desktop presets; the median of N runs per page and preset. Writes .lighthouse/summary.json.
 *
 * Fails unless, in every median: accessibility, best practices and SEO are 1, CLS is 0,
 * and performance is at least 0.90 (the target is 1.00 desktop and 0.98 mobile; the
 * margin keeps a loaded CI machine from failing the run).
 *
 * Chromium: CHROMIUM_PATH, else /usr/bin/chromium.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const option = (name, fallback) =>
  process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;

const runs = Number(option('runs', process.env.LIGHTHOUSE_RUNS ?? '3'));
const outDir = path.resolve(root, option('out', 'out'));
const chromePath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

const PAGES = [
  { name: 'home', path: '/' },
  { name: 'category', path: '/category/python/' },
  { name: 'course', path: '/courses/py-101/' },
  { name: 'cart', path: '/cart/' },
];
const PRESETS = [
  { name: 'mobile', config: undefined },
  { name: 'desktop', config: desktopConfig },
];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const METRICS = {
  cls: 'cumulative-layout-shift',
  lcp: 'largest-contentful-paint',
  fcp: 'first-contentful-paint',
  tbt: 'total-blocking-time',
};
const MIN_PERFORMANCE = 0.9;

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** scripts/serve.mjs: static files, gzip, 404.html, the way the export is deployed. */
async function startServer(port) {
  const server = spawn(process.execPath, [path.join(root, 'scripts/serve.mjs'), outDir, String(port)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((resolve, reject) => {
    server.once('exit', (code) => reject(new Error(`scripts/serve.mjs exited with ${code}`)));
    server.stdout.once('data', resolve);
  });
  return server;
}

/** What kept a category below 1: the audit ids and, where the report names them, the elements. */
function shortfalls(lhr, categoryId) {
  return lhr.categories[categoryId].auditRefs
    .filter((ref) => ref.weight > 0)
    .map((ref) => lhr.audits[ref.id])
    .filter((audit) => audit.score !== null && audit.score < 1)
    .map((audit) => ({
      id: audit.id,
      title: audit.title,
      items: (audit.details?.items ?? [])
        .slice(0, 5)
        .map(
          (item) =>
            item.node?.selector ??
            item.node?.snippet ??
            item.url ??
            item.source?.url ??
            JSON.stringify(item).slice(0, 160),
        ),
    }));
}

if (!existsSync(path.join(outDir, 'index.html'))) {
  console.error(`No export in ${path.relative(root, outDir)}/: run \`npm run build\` first.`);
  process.exit(1);
}
if (!existsSync(chromePath)) {
  console.error(`No Chromium at ${chromePath}: install it (apt-get install chromium) or set CHROMIUM_PATH.`);
  process.exit(1);
}

const started = Date.now();
const port = await freePort();
const server = await startServer(port);
const origin = `http://127.0.0.1:${port}`;
const chrome = await chromeLauncher.launch({
  chromePath,
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--no-first-run',
    '--disable-sync',
  ],
});

/** results[preset][page] = one entry per run. */
const results = {};
try {
  // Runs outermost, so that a slow spell of the machine spreads over pages instead of sinking one.
  for (let run = 1; run <= runs; run++) {
    for (const preset of PRESETS) {
      for (const page of PAGES) {
        const url = `${origin}${page.path}`;
        const runnerResult = await lighthouse(
          url,
          {
            port: chrome.port,
            output: 'json',
            logLevel: 'error',
            onlyCategories: CATEGORIES,
            disableFullPageScreenshot: true,
          },
          preset.config,
        );
        const lhr = runnerResult?.lhr;
        if (!lhr) throw new Error(`Lighthouse returned no result for ${url}`);
        if (lhr.runtimeError) throw new Error(`Lighthouse failed on ${url}: ${lhr.runtimeError.message}`);
        const entry = {
          scores: Object.fromEntries(CATEGORIES.map((id) => [id, lhr.categories[id].score])),
          metrics: Object.fromEntries(Object.entries(METRICS).map(([key, id]) => [key, lhr.audits[id].numericValue])),
          shortfalls: Object.fromEntries(CATEGORIES.map((id) => [id, shortfalls(lhr, id)])),
          lcpElement: lhr.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.snippet,
        };
        ((results[preset.name] ??= {})[page.name] ??= []).push(entry);
        console.log(
          `run ${run}/${runs} ${preset.name.padEnd(7)} ${page.path.padEnd(18)} ` +
            CATEGORIES.map((id) => `${id} ${entry.scores[id]?.toFixed(2)}`).join('  ') +
            `  CLS ${entry.metrics.cls.toFixed(3)}  LCP ${Math.round(entry.metrics.lcp)} ms`,
        );
      }
    }
  }
} finally {
  await chrome.kill();
  server.kill();
}

const summary = { runs, generatedAt: new Date().toISOString(), pages: PAGES, presets: {} };
const failures = [];
for (const preset of PRESETS) {
  summary.presets[preset.name] = {};
  for (const page of PAGES) {
    const entries = results[preset.name][page.name];
    const medians = {
      scores: Object.fromEntries(CATEGORIES.map((id) => [id, median(entries.map((entry) => entry.scores[id]))])),
      metrics: Object.fromEntries(
        Object.keys(METRICS).map((key) => [key, median(entries.map((entry) => entry.metrics[key]))]),
      ),
    };
    // The shortfalls of every run, deduplicated: enough to name what needs fixing.
    const seen = new Map();
    for (const entry of entries) {
      for (const [category, audits] of Object.entries(entry.shortfalls)) {
        for (const audit of audits) seen.set(`${category}:${audit.id}`, { category, ...audit });
      }
    }
    const lcpElements = [...new Set(entries.map((entry) => entry.lcpElement).filter(Boolean))];
    summary.presets[preset.name][page.path] = { ...medians, lcpElements, shortfalls: [...seen.values()] };

    const where = `${preset.name} ${page.path}`;
    for (const id of ['accessibility', 'best-practices', 'seo']) {
      if (medians.scores[id] !== 1) {
        const audits = [...seen.values()].filter((audit) => audit.category === id);
        failures.push(
          `${where}: ${id} ${medians.scores[id]} (must be 1): ` +
            audits.map((audit) => `${audit.id}${audit.items.length ? ` [${audit.items.join(' | ')}]` : ''}`).join('; '),
        );
      }
    }
    if (medians.metrics.cls !== 0) failures.push(`${where}: CLS ${medians.metrics.cls} (must be 0)`);
    if (medians.scores.performance < MIN_PERFORMANCE) {
      const audits = [...seen.values()].filter((audit) => audit.category === 'performance').map((audit) => audit.id);
      failures.push(
        `${where}: performance ${medians.scores.performance} (must be ≥ ${MIN_PERFORMANCE}); below 1: ${audits.join(', ')}`,
      );
    }
  }
}
summary.seconds = Math.round((Date.now() - started) / 1000);

mkdirSync(path.join(root, '.lighthouse'), { recursive: true });
writeFileSync(path.join(root, '.lighthouse/summary.json'), `${JSON.stringify(summary, null, 2)}\n`);

const header = ['preset', 'page', 'perf', 'a11y', 'bp', 'seo', 'CLS', 'LCP ms', 'FCP ms', 'TBT ms'];
const rows = PRESETS.flatMap((preset) =>
  PAGES.map((page) => {
    const { scores, metrics } = summary.presets[preset.name][page.path];
    return [
      preset.name,
      page.path,
      ...CATEGORIES.map((id) => scores[id].toFixed(2)),
      metrics.cls.toFixed(3),
      ...['lcp', 'fcp', 'tbt'].map((key) => String(Math.round(metrics[key]))),
    ];
  }),
);
const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column].length)));
const line = (cells) =>
  cells.map((cell, column) => (column < 2 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]))).join('  ');
console.log(`\nLighthouse medians of ${runs} run(s), ${summary.seconds} s (.lighthouse/summary.json)\n`);
console.log(line(header));
for (const row of rows) console.log(line(row));

if (failures.length) {
  console.error(`\nLighthouse FAILED:\n${failures.map((failure) => `  - ${failure}`).join('\n')}`);
  process.exit(1);
}
console.log('\nLighthouse: OK');
