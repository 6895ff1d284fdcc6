/**
 * The main-thread gate: what a first visit costs the main thread, against the reference page
 * loaded beside it in the same run (scripts/perf/README.md).
 *   node scripts/perf/blocking.mjs                   (npm run check:blocking: the CPU's own speed)
 *   node scripts/perf/blocking.mjs --cpu=8           (DevTools' throttling; --cpu=phone: calibrated)
 *   node scripts/perf/blocking.mjs --sweep=1,4,8,14  (the gate at each slowdown: its verdicts must not move)
 *   options: --out=DIR (default out), --photos=DIR (default out-synth), --pages=home,course, --paddle=stub
 *
 * Judged: each task's thread time, unthrottled; DevTools' throttling busy-waits (slowdown - 1) times
 * the wall time the thread last ran, so counts another process's time on the core that many times
 * over (docs/performance.md, 'The main-thread gate'). Writes .lighthouse/blocking.json.
 */
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { GATE, MEASURES, RUNS, judgePage, loadFigures, median, slowdownFor, sweepHolds } from './blocking-stats.mjs';
import { measureLoad } from './page-load.mjs';
import { chromiumPath } from '../tools/chromium.mjs';
import { startStaticServer } from '../tools/static-server.mjs';
import { PADDLE_CDN, paddleStubScript } from '../../e2e/paddle-stub-script.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const option = (/** @type {string} */ name, /** @type {string | undefined} */ fallback) =>
  process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;

/** With --cpu=phone: the reference page's start-up on the emulated phone, navigation to quiet. */
const REFERENCE_MS = 2000;
/** The slowdown --cpu=phone measures the reference at first. */
const TRIAL_SLOWDOWN = 4;
/**
 * No round past RUNS.first starts this long after the gate's did: a machine that slows during the
 * gate (every throttled load of one CI run ran to its cap from the second round on) would otherwise
 * take rounds to RUNS.most with every page undecided. The pages are then judged on the loads they
 * have, as at RUNS.most, and the log says so.
 */
const EXTRA_ROUNDS_UNTIL_MS = 20 * 60_000;
/** A sweep compares ratios across slowdowns to ±20%: each is measured to ±10% first (up to RUNS.most rounds). */
const SWEEP_PRECISION = 0.1;

const outDir = path.resolve(root, option('out', 'out') ?? 'out');
const photosDir = path.resolve(root, option('photos', 'out-synth') ?? 'out-synth');
const referenceDir = path.join(root, 'out-budget/reference/out');
/** Paddle.js for a build with local prices: with --paddle=stub the tests' stub answers for Paddle's CDN. */
const paddleStub = option('paddle', undefined) === 'stub' ? paddleStubScript({}) : undefined;

/** @typedef {{ name: string, site: 'site' | 'photos' | 'reference', path: string, savedCart?: boolean }} Target */
/** @type {Target} */
const REFERENCE = { name: 'reference', site: 'reference', path: '/' };
/** @type {Target[]} */
const PAGES = [
  { name: 'home', site: 'site', path: '/' },
  { name: 'category', site: 'site', path: '/category/python/' },
  { name: 'course', site: 'site', path: '/courses/py-101/' },
  { name: 'cart', site: 'site', path: '/cart/', savedCart: true },
  { name: 'search', site: 'site', path: '/search/' },
  // The file at its clean URL, as a visitor to an unknown address gets it.
  { name: '404', site: 'site', path: '/404' },
  // Photo covers (the synthetic catalogue's), whose largest paint is an image.
  { name: 'photos-category', site: 'photos', path: '/category/python/' },
  { name: 'photos-course', site: 'photos', path: '/courses/pyt-00003/' },
];

for (const [dir, what] of [
  [outDir, 'run `npm run build` first'],
  [referenceDir, 'run `npm run check:budget` first'],
]) {
  if (!existsSync(path.join(dir, 'index.html'))) {
    console.error(`No export in ${path.relative(root, dir)}/: ${what}.`);
    process.exit(1);
  }
}
const withPhotos = existsSync(path.join(photosDir, 'index.html'));
const chosen = option('pages', undefined)?.split(',');
const targets = PAGES.filter(
  (page) => (page.site !== 'photos' || withPhotos) && (!chosen || chosen.includes(page.name)),
);

/** Two real courses of an export, saved as a returning visitor's cart (only the ids are trusted). */
const savedCart = (/** @type {string} */ dir) =>
  JSON.stringify(
    readdirSync(path.join(dir, 'courses'))
      .sort()
      .slice(0, 2)
      .map((courseID) => ({ courseID })),
  );

const chromePath = chromiumPath();
const started = Date.now();
const servers = {
  site: await startStaticServer(outDir),
  reference: await startStaticServer(referenceDir),
  ...(withPhotos && { photos: await startStaticServer(photosDir) }),
};
/**
 * Unthrottled, a load's thread time is the CPU's work alone, whatever else runs beside it
 * (docs/performance.md, 'The main-thread gate'), so two loads run at once, each in its own browser
 * (one trace per browser): most of a load's wall time is the emulated network's. A throttled load
 * counts the other's time as its own, so throttled loads run one at a time.
 */
const LANES = 2;
const launch = () => chromium.launch({ executablePath: chromePath, args: ['--no-sandbox', '--disable-gpu'] });
const browsers = await Promise.all(Array.from({ length: LANES }, launch));

/** @param {Target} target @param {number} cpuSlowdown @param {import('@playwright/test').Browser} [browser] */
async function load(target, cpuSlowdown, browser = browsers[0]) {
  const server = servers[target.site];
  if (!server) throw new Error(`No server for ${target.site}`);
  const cart = target.savedCart ? savedCart(target.site === 'photos' ? photosDir : outDir) : undefined;
  if (!browser) throw new Error('No browser');
  return measureLoad(browser, `${server.origin}${target.path}`, {
    cpuSlowdown,
    init: async (context) => {
      if (cart) await context.addInitScript((raw) => localStorage.setItem('cart', raw), cart);
      if (paddleStub)
        await context.route(`${PADDLE_CDN}**`, (route) =>
          route.fulfill({ contentType: 'text/javascript', body: paddleStub }),
        );
    },
  });
}

/** The reference's start-up cost at a slowdown: the median main-thread time of 3 loads after a warm-up. */
async function referenceCost(/** @type {number} */ cpuSlowdown) {
  await load(REFERENCE, cpuSlowdown);
  const costs = [];
  for (let run = 0; run < 3; run++)
    costs.push((await load(REFERENCE, cpuSlowdown)).tasks.reduce((sum, task) => sum + task.cpu, 0));
  return median(costs);
}

/**
 * The gate at one slowdown: rounds of every page and the reference, then more for the undecided.
 * @param {number} cpuSlowdown
 * @param {{ precision?: number }} [options] see judgePage
 */
async function gate(cpuSlowdown, options) {
  /** @type {Record<string, import('./blocking-stats.mjs').LoadFigures[]>} */
  const loads = Object.fromEntries([REFERENCE, ...targets].map((target) => [target.name, []]));
  let pending = targets;
  const began = Date.now();
  for (let round = 1; round <= RUNS.most && pending.length; round++) {
    if (round > RUNS.first && Date.now() - began > EXTRA_ROUNDS_UNTIL_MS) {
      const costs = (loads.reference ?? []).map((figures) => Math.round(figures.mainThread)).join(', ');
      console.warn(
        `${cpuSlowdown}×: no round ${round} after ${Math.round((Date.now() - began) / 1000)} s; ` +
          `${pending.map((target) => target.name).join(', ')} judged on ${round - 1} rounds. ` +
          `The reference's main thread read ${costs} ms over the rounds: a machine slowing during the run shows there.`,
      );
      break;
    }
    // The reference first, so that it shares the machine with a page as the pages do.
    const queue = [REFERENCE, ...pending];
    /** @type {Map<string, import('./blocking-stats.mjs').LoadFigures>} */
    const measuredThisRound = new Map();
    const lane = async (/** @type {import('@playwright/test').Browser} */ browser) => {
      for (let target = queue.shift(); target; target = queue.shift()) {
        const loadStarted = Date.now();
        const measured = await load(target, cpuSlowdown, browser);
        const figures = loadFigures(measured);
        measuredThisRound.set(target.name, figures);
        console.log(
          `${cpuSlowdown}× round ${round} ${target.name.padEnd(15)} FCP ${String(Math.round(measured.fcp)).padStart(5)}  ` +
            `LCP ${String(Math.round(figures.lcp)).padStart(5)}  main thread ${String(Math.round(figures.mainThread)).padStart(5)}  ` +
            `after FCP ${String(Math.round(figures.afterFcp)).padStart(5)}  ` +
            `longest ${String(Math.round(figures.longest)).padStart(4)}  blocking ${String(Math.round(figures.blocking)).padStart(5)} ms` +
            `  (${((Date.now() - loadStarted) / 1000).toFixed(1)} s)`,
        );
      }
    };
    await Promise.all((cpuSlowdown === 1 ? browsers : browsers.slice(0, 1)).map(lane));
    for (const target of [REFERENCE, ...pending]) {
      const figures = measuredThisRound.get(target.name);
      if (figures) loads[target.name]?.push(figures);
    }
    // A page is judged against the reference's loads of the rounds it was loaded in.
    const reference = loads.reference ?? [];
    if (round >= RUNS.first)
      pending = pending.filter(
        (target) => judgePage(loads[target.name] ?? [], reference, options).undecided && round < RUNS.most,
      );
  }
  const reference = loads.reference ?? [];
  const pages = Object.fromEntries(
    targets.map((target) => {
      const own = loads[target.name] ?? [];
      return [target.name, { target, loads: own, verdict: judgePage(own, reference, options) }];
    }),
  );
  return { pages, reference };
}

const times = (/** @type {number} */ value) => (Number.isFinite(value) ? `${value.toFixed(2)}×` : '∞');
/** @param {Awaited<ReturnType<typeof gate>>['pages']} result */
function table(result) {
  const header = [
    'page',
    ...MEASURES.map(
      (measure) => `${GATE[measure].label} ÷ ref${GATE[measure].judged ? ` (≤ ${GATE[measure].bound})` : ' (info)'}`,
    ),
    'CLS (info)',
    'runs',
    'verdict',
  ];
  const rows = Object.values(result).map(({ target, loads, verdict }) => [
    `${target.site === 'photos' ? 'photos ' : ''}${target.path}`,
    ...MEASURES.map(
      (measure) => `${times(verdict.measures[measure].ratio)} ±${verdict.measures[measure].noise.toFixed(2)}`,
    ),
    verdict.cls.toFixed(3),
    String(loads.length),
    verdict.failures.length ? 'FAIL' : 'pass',
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]?.length ?? 0)));
  const line = (/** @type {string[]} */ cells) =>
    cells
      .map((cell, column) => (column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0)))
      .join('  ');
  return [line(header), ...rows.map(line)].join('\n');
}

const sweep = option('sweep', undefined)?.split(',').map(Number);
const forced = option('cpu', undefined);
let failed = false;
try {
  if (sweep) {
    const results = [];
    for (const cpuSlowdown of sweep) {
      const { pages: result } = await gate(cpuSlowdown, { precision: SWEEP_PRECISION });
      results.push(result);
      console.log(`\nAt ${cpuSlowdown}×:\n${table(result)}\n`);
    }
    const problems = sweepHolds(
      results.map((result) =>
        Object.fromEntries(
          Object.entries(result).map(([name, { verdict }]) => [
            name,
            {
              passes: verdict.failures.length === 0,
              ratios: /** @type {Record<import('./blocking-stats.mjs').Measure, number>} */ (
                Object.fromEntries(MEASURES.map((measure) => [measure, verdict.measures[measure].ratio]))
              ),
            },
          ]),
        ),
      ),
    );
    console.log(`Sweep over ${sweep.join(', ')}×, ${Math.round((Date.now() - started) / 1000)} s`);
    if (problems.length) {
      console.error(
        `The sweep does not hold (a verdict that changes, or a ratio past ±20% of its median):\n` +
          problems.map((problem) => `  - ${problem}`).join('\n'),
      );
      failed = true;
    } else console.log('The verdicts and ratios hold at every slowdown.');
  } else {
    let cpuSlowdown = 1;
    let calibration;
    if (forced === 'phone') {
      const measuredMs = await referenceCost(TRIAL_SLOWDOWN);
      cpuSlowdown = slowdownFor(measuredMs, TRIAL_SLOWDOWN, REFERENCE_MS);
      calibration = { trialSlowdown: TRIAL_SLOWDOWN, referenceMs: Math.round(measuredMs), targetMs: REFERENCE_MS };
      console.log(
        `The reference's start-up took ${Math.round(measuredMs)} ms of main-thread time at ${TRIAL_SLOWDOWN}×: ` +
          `the CPU is slowed ${cpuSlowdown}× so that it takes ${REFERENCE_MS} ms ` +
          `(${Math.round((Date.now() - started) / 1000)} s from the start)`,
      );
    } else if (forced !== undefined) {
      cpuSlowdown = Number(forced);
      if (!(cpuSlowdown >= 1)) throw new Error(`--cpu=${forced}: a slowdown of at least 1, or phone`);
    }
    const { pages: result, reference } = await gate(cpuSlowdown);
    const failures = Object.values(result).flatMap(({ target, verdict }) =>
      verdict.failures.map((failure) => `${target.site === 'photos' ? 'photos ' : ''}${target.path}: ${failure}`),
    );
    const summary = {
      generatedAt: new Date().toISOString(),
      seconds: Math.round((Date.now() - started) / 1000),
      loadAverage: os.loadavg().map((value) => Number(value.toFixed(2))),
      cpuSlowdown,
      calibration,
      gate: GATE,
      pages: Object.fromEntries(
        Object.entries(result).map(([name, { target, loads, verdict }]) => [
          name,
          { path: target.path, site: target.site, verdict, loads },
        ]),
      ),
      reference: { path: REFERENCE.path, loads: reference },
    };
    mkdirSync(path.join(root, '.lighthouse'), { recursive: true });
    writeFileSync(path.join(root, '.lighthouse/blocking.json'), `${JSON.stringify(summary, null, 2)}\n`);
    console.log(
      `\nMain thread over the load, longest task and LCP against the reference's, each side's second-fastest load over the same rounds, ` +
        `${cpuSlowdown === 1 ? 'CPU unthrottled' : `CPU ${cpuSlowdown}×`}, ${summary.seconds} s, load average ${summary.loadAverage.join(' ')} (.lighthouse/blocking.json)\n`,
    );
    console.log(table(result));
    const aims = Object.values(result).flatMap(({ target, verdict }) =>
      MEASURES.filter((measure) => GATE[measure].judged && !verdict.measures[measure].aimMet).map(
        (measure) =>
          `${target.path}: ${GATE[measure].label} ${times(verdict.measures[measure].ratio)} (aim ≤ ${GATE[measure].aim}×)`,
      ),
    );
    if (aims.length) console.log(`\nAims not met yet (information):\n${aims.map((aim) => `  - ${aim}`).join('\n')}`);
    if (failures.length) {
      console.error(`\nMain-thread gate FAILED:\n${failures.map((failure) => `  - ${failure}`).join('\n')}`);
      failed = true;
    } else console.log('\nMain-thread gate: OK');
  }
} finally {
  await Promise.all(browsers.map((browser) => browser.close()));
  for (const server of Object.values(servers)) server.stop();
}
process.exit(failed ? 1 : 0);
