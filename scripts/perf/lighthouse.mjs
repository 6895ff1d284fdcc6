/**
 * Lighthouse against the static export, served with compression like a real host, side by side
 * with the reference page (budget/reference, built by scripts/check/budget.mjs if missing): a busy
 * machine slows both alike, so only a page slower than the reference fails. What it runs, judges
 * and prints, and why: scripts/perf/README.md.
 *
 *   node scripts/perf/lighthouse.mjs [--runs=3] [--desktop-runs=2] [--out=out]
 *   node scripts/perf/lighthouse.mjs --pages=home,category --presets=mobile   (a part of it, to iterate)
 *   node scripts/perf/lighthouse.mjs --pages=photos-category,photos-course --presets=mobile
 *                                        (npm run lighthouse:photos: only the synthetic build's pages)
 * Chromium: CHROMIUM_PATH, else /usr/bin/chromium.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { DOCUMENT_CATEGORIES, imageFindings, judge, lcpUndecided, runScores, runSettings } from './lighthouse-gate.mjs';
import { calibrateCpuSlowdown } from './lighthouse-benchmark.mjs';
import { chromiumPath } from '../tools/chromium.mjs';
import { startSiteAndReference, startStaticServer } from '../tools/static-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const option = (name, fallback) =>
  process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;

const mobileRuns = Number(option('runs', process.env.LIGHTHOUSE_RUNS ?? '3'));
const desktopRuns = Number(option('desktop-runs', process.env.LIGHTHOUSE_DESKTOP_RUNS ?? '2'));
const outDir = path.resolve(root, option('out', 'out'));
const photosDir = path.resolve(root, option('photos', 'out-synth'));
const referenceDir = path.join(root, 'out-budget/reference/out');
const chromePath = chromiumPath();

const REFERENCE = { name: 'reference', path: '/', reference: true };
const PAGES = [
  { name: 'home', path: '/' },
  { name: 'category', path: '/category/python/' },
  { name: 'course', path: '/courses/py-101/' },
  { name: 'cart', path: '/cart/', noindex: true },
  { name: 'search', path: '/search/', noindex: true },
  // The file itself, at its clean URL: Lighthouse refuses a document answered with status 404,
  // and '/404.html' is a redirect to '/404' on hosts with clean URLs (serve.mjs, Netlify, Vercel),
  // which would charge the page a round trip that a visitor to an unknown address never makes.
  { name: '404', path: '/404', file: '404.html', noindex: true },
  // Photo covers (the synthetic catalogue's), on the phone, where a cover is the largest paint.
  { name: 'photos-category', site: 'photos', path: '/category/python/', presets: ['mobile'] },
  { name: 'photos-course', site: 'photos', path: '/courses/pyt-00003/', presets: ['mobile'] },
];
const withPhotos = existsSync(path.join(photosDir, 'index.html'));
if (!withPhotos) console.log(`No export in ${path.relative(root, photosDir)}/: the photo pages are left out.`);
const dirOf = (page) => (page.site === 'photos' ? photosDir : outDir);
const inPreset = (preset) => (page) => !page.presets || page.presets.includes(preset.name);
const PRESETS = [
  { name: 'mobile', config: undefined, runs: mobileRuns, most: mobileRuns + 4, goal: 0.99, calibrated: true },
  { name: 'desktop', config: desktopConfig, runs: desktopRuns, most: desktopRuns + 3, goal: 1, calibrated: false },
].filter((preset) => option('presets', preset.name).split(',').includes(preset.name));
const CATEGORIES = ['performance', ...DOCUMENT_CATEGORIES];
/**
 * Image audits that must find nothing: 'Improve image delivery', which in Lighthouse 13 replaces
 * 'Properly size images', 'Serve images in modern formats', 'Efficiently encode images' and
 * 'Use video formats for animated content'. It weighs nothing in the score, so the score alone
 * would not show it. It means to size an image for the emulated device's pixels (a 378 px slot at
 * 1.75× wants 662), as the retired 'Properly size images' did; where the trace does not give it the
 * pixel ratio, imageFindings (lighthouse-gate.mjs) applies its rule at the preset's.
 */
const IMAGE_AUDITS = ['image-delivery-insight'];
const METRICS = {
  cls: 'cumulative-layout-shift',
  lcp: 'largest-contentful-paint',
  fcp: 'first-contentful-paint',
  tbt: 'total-blocking-time',
};

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
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
// Skipping is-crawlable must not hide a page that lost (or gained) its noindex by mistake.
for (const page of PAGES.filter((candidate) => candidate.site !== 'photos' || withPhotos)) {
  const file = path.join(dirOf(page), page.file ?? `${page.path}index.html`);
  const noindex = /<meta name="robots" content="[^"]*\bnoindex\b/.test(readFileSync(file, 'utf8'));
  if (noindex !== Boolean(page.noindex)) {
    console.error(`${page.path} is ${noindex ? '' : 'not '}noindex, but this script expects the opposite.`);
    process.exit(1);
  }
}
if (!existsSync(path.join(referenceDir, 'index.html'))) {
  // check-budget builds the reference app (and may fail on its own budget: only the folder matters here).
  console.log('Building the reference page (scripts/check/budget.mjs --fresh) ...');
  spawnSync(process.execPath, [path.join(root, 'scripts/check/budget.mjs'), outDir, '--fresh'], { stdio: 'inherit' });
  if (!existsSync(path.join(referenceDir, 'index.html'))) {
    console.error(`No reference export in ${path.relative(root, referenceDir)}/.`);
    process.exit(1);
  }
}

const started = Date.now();
// Before the servers start, so that their start-up does not land in the measurement.
const calibration = await calibrateCpuSlowdown(chromePath);
console.log(
  `BenchmarkIndex ${calibration.benchmarkIndex} (${calibration.samples.join(', ')}): mobile CPU slowdown ` +
    `${calibration.cpuSlowdown}× (Lighthouse's calculator; the preset's is 4×)`,
);
const { origins, stop: stopSiteAndReference } = await startSiteAndReference(outDir, referenceDir);
const photos = withPhotos ? await startStaticServer(photosDir) : undefined;
const stopServers = () => {
  stopSiteAndReference();
  photos?.stop();
};
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

const TARGETS = [
  ...PAGES.filter(
    (page) => (page.site !== 'photos' || withPhotos) && option('pages', page.name).split(',').includes(page.name),
  ),
  REFERENCE,
];
const urlOf = (page) =>
  `${page.reference ? origins.reference : page.site === 'photos' ? photos?.origin : origins.site}${page.path}`;
const maxRuns = Math.max(...PRESETS.map((preset) => preset.most));

/** results[preset][page name] = one entry per run. */
const results = {};
/** The pages of each preset still to be run: all at first, then those whose LCP verdict is within its noise. */
const pending = Object.fromEntries(
  PRESETS.map((preset) => [preset.name, TARGETS.filter((page) => !page.reference && inPreset(preset)(page))]),
);
try {
  // Runs outermost, so that a slow spell of the machine spreads over pages instead of sinking one,
  // and every run of a page sits next to a run of the reference.
  for (let run = 1; run <= maxRuns; run++) {
    for (const preset of PRESETS.filter((candidate) => run <= candidate.most && pending[candidate.name].length)) {
      for (const page of [...pending[preset.name], REFERENCE]) {
        const url = urlOf(page);
        const runStarted = Date.now();
        const { onlyCategories, skipAudits } = runSettings(page, (results[preset.name]?.[page.name]?.length ?? 0) + 1);
        const runnerResult = await lighthouse(
          url,
          {
            port: chrome.port,
            output: 'json',
            logLevel: 'error',
            onlyCategories,
            disableFullPageScreenshot: true,
            skipAudits,
            // Merged into the preset's throttling: only the CPU slowdown changes.
            ...(preset.calibrated && { throttling: { cpuSlowdownMultiplier: calibration.cpuSlowdown } }),
          },
          preset.config,
        );
        const lhr = runnerResult?.lhr;
        if (!lhr) throw new Error(`Lighthouse returned no result for ${url}`);
        if (lhr.runtimeError) throw new Error(`Lighthouse failed on ${url}: ${lhr.runtimeError.message}`);
        // Every run judges these: one Lighthouse left out (an upgrade, a setting) must fail, not pass empty.
        const missing = [...Object.values(METRICS), ...IMAGE_AUDITS].filter((id) => !lhr.audits[id]);
        if (missing.length) throw new Error(`Lighthouse did not run ${missing.join(', ')} on ${url}`);
        const entry = {
          scores: Object.fromEntries(onlyCategories.map((id) => [id, lhr.categories[id].score])),
          metrics: Object.fromEntries(Object.entries(METRICS).map(([key, id]) => [key, lhr.audits[id].numericValue])),
          shortfalls: Object.fromEntries(onlyCategories.map((id) => [id, shortfalls(lhr, id)])),
          lcpElement: lhr.audits['lcp-breakdown-insight']?.details?.items?.find((item) => item.type === 'node')
            ?.snippet,
          benchmarkIndex: lhr.environment.benchmarkIndex,
          cpuSlowdown: lhr.configSettings.throttling.cpuSlowdownMultiplier,
          imageFindings: IMAGE_AUDITS.flatMap((id) =>
            imageFindings(
              lhr.audits[id].details?.items ?? [],
              lhr.configSettings.screenEmulation.deviceScaleFactor,
            ).map((finding) => `${id} [${finding}]`),
          ),
        };
        ((results[preset.name] ??= {})[page.name] ??= []).push(entry);
        console.log(
          `run ${run} ${preset.name.padEnd(7)} ${page.name.padEnd(9)} ${page.path.padEnd(18)} ` +
            onlyCategories.map((id) => `${id} ${entry.scores[id]?.toFixed(2)}`).join('  ') +
            `  CLS ${entry.metrics.cls.toFixed(3)}  LCP ${Math.round(entry.metrics.lcp)} ms  TBT ${Math.round(entry.metrics.tbt)} ms` +
            `  (CPU ${entry.cpuSlowdown}×, ${((Date.now() - runStarted) / 1000).toFixed(1)} s)`,
        );
      }
      if (run >= preset.runs) {
        const reference = results[preset.name][REFERENCE.name].map((entry) => entry.metrics.lcp);
        pending[preset.name] = pending[preset.name].filter(
          (page) =>
            run < preset.most &&
            lcpUndecided(
              results[preset.name][page.name].map((entry) => entry.metrics.lcp),
              reference,
            ),
        );
      }
    }
  }
} finally {
  await chrome.kill();
  stopServers();
}

const summary = {
  runs: Object.fromEntries(
    PRESETS.map((preset) => [
      preset.name,
      Object.fromEntries(
        TARGETS.filter(inPreset(preset)).map((page) => [page.name, results[preset.name][page.name].length]),
      ),
    ]),
  ),
  generatedAt: new Date().toISOString(),
  loadAverage: (await import('node:os')).loadavg().map((load) => Number(load.toFixed(2))),
  lighthouseVersion: createRequire(import.meta.url)('lighthouse/package.json').version,
  calibration,
  pages: TARGETS,
  presets: {},
};
const failures = [];
const goalsMissed = [];
for (const preset of PRESETS) {
  summary.presets[preset.name] = {};
  const medianOf = (name) => {
    const entries = results[preset.name][name];
    return {
      scores: runScores(entries),
      metrics: Object.fromEntries(
        Object.keys(METRICS).map((key) => [key, median(entries.map((entry) => entry.metrics[key]))]),
      ),
      lcpRuns: entries.map((entry) => Math.round(entry.metrics.lcp)),
      // Lighthouse's own BenchmarkIndex of each run: how the machine's speed moved during the run.
      benchmarkIndexRuns: entries.map((entry) => entry.benchmarkIndex),
    };
  };
  const referenceLcp = medianOf(REFERENCE.name).metrics.lcp;
  for (const page of TARGETS.filter(inPreset(preset))) {
    const entries = results[preset.name][page.name];
    const medians = medianOf(page.name);
    const lcpRatio = medians.metrics.lcp / referenceLcp;
    // The shortfalls of every run, deduplicated: enough to name what needs fixing.
    const seen = new Map();
    for (const entry of entries) {
      for (const [category, audits] of Object.entries(entry.shortfalls)) {
        for (const audit of audits) seen.set(`${category}:${audit.id}`, { category, ...audit });
      }
    }
    const lcpElements = [...new Set(entries.map((entry) => entry.lcpElement).filter(Boolean))];
    summary.presets[preset.name][page.name] = {
      path: page.path,
      ...medians,
      lcpRatio,
      lcpElements,
      shortfalls: [...seen.values()],
    };
    // The reference is a yardstick, not a page of the site: no assertions on it.
    if (page.reference) continue;

    const where = `${preset.name} ${page.site === 'photos' ? 'photos ' : ''}${page.path}`;
    for (const finding of new Set(entries.flatMap((entry) => entry.imageFindings)))
      failures.push(`${where}: an image finding: ${finding}`);
    for (const failure of judge(medians, medianOf(REFERENCE.name))) {
      const category = CATEGORIES.find((id) => failure.startsWith(id));
      const audits = [...seen.values()].filter((audit) => audit.category === (category ?? 'performance'));
      failures.push(
        `${where}: ${failure}; below 1: ` +
          audits.map((audit) => `${audit.id}${audit.items.length ? ` [${audit.items.join(' | ')}]` : ''}`).join('; '),
      );
    }
    if (medians.scores.performance < preset.goal)
      goalsMissed.push(
        `${where}: performance ${medians.scores.performance.toFixed(3).replace(/\.?0+$/, '')} (TBT ${Math.round(medians.metrics.tbt)} ms)`,
      );
  }
}
summary.seconds = Math.round((Date.now() - started) / 1000);

mkdirSync(path.join(root, '.lighthouse'), { recursive: true });
const summaryFile = `.lighthouse/summary${path.basename(outDir) === 'out' ? '' : `-${path.basename(outDir)}`}.json`;
writeFileSync(path.join(root, summaryFile), `${JSON.stringify(summary, null, 2)}\n`);

const header = ['preset', 'page', 'perf', 'a11y', 'bp', 'seo', 'CLS', 'LCP ms', 'LCP ÷ ref', 'FCP ms', 'TBT ms'];
const rows = PRESETS.flatMap((preset) =>
  TARGETS.filter(inPreset(preset)).map((page) => {
    const { scores, metrics, lcpRatio } = summary.presets[preset.name][page.name];
    return [
      preset.name,
      page.reference ? 'reference' : `${page.site === 'photos' ? 'photos ' : ''}${page.path}`,
      // A score no run gathered prints as '–'.
      ...CATEGORIES.map((id) => (typeof scores[id] === 'number' ? scores[id].toFixed(2) : String(scores[id] ?? '–'))),
      metrics.cls.toFixed(3),
      String(Math.round(metrics.lcp)),
      `${lcpRatio.toFixed(2)}×`,
      ...['fcp', 'tbt'].map((key) => String(Math.round(metrics[key]))),
    ];
  }),
);
const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column].length)));
const line = (cells) =>
  cells.map((cell, column) => (column < 2 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]))).join('  ');
console.log(
  `\nLighthouse ${summary.lighthouseVersion} medians of ${PRESETS.map((preset) => `${preset.runs}–${preset.most} ${preset.name}`).join(' and ')} run(s), ` +
    `mobile CPU ${calibration.cpuSlowdown}× (BenchmarkIndex ${calibration.benchmarkIndex}), ` +
    `${summary.seconds} s, load average ${summary.loadAverage.join(' ')} (${summaryFile}); perf and TBT for information\n`,
);
console.log(line(header));
for (const row of rows) console.log(line(row));
if (goalsMissed.length) {
  console.log(
    '\nGoals not met (mobile ≥ 0.99, desktop 1.00; information, scripts/perf/blocking.mjs judges the main thread):',
  );
  for (const missed of goalsMissed) console.log(`  - ${missed}`);
}

if (failures.length) {
  console.error(`\nLighthouse FAILED:\n${failures.map((failure) => `  - ${failure}`).join('\n')}`);
  process.exit(1);
}
console.log('\nLighthouse: OK');
