// @ts-check
/**
 * The arithmetic of the main-thread gate (scripts/perf/blocking.mjs): one load's tasks summed, a
 * page against the reference loaded beside it, when a comparison needs more runs, and the verdict.
 *
 * Every judged figure is a ratio to the reference's, of quantities that grow with the CPU's
 * slowness: main-thread CPU time over the load, and the longest task. A shared machine only ever
 * adds time to a load, so each side is judged on one of its fastest loads over the same rounds (a
 * median of per-round ratios moves as far as the bound with one slow reference load in three); the
 * second fastest, as a load can also read short (a start-up split in two tasks), and one odd load
 * must not decide. The time after first paint and blocking (each task's part past 50 ms) are
 * printed, not judged: their ratios move with the slowdown.
 */

/** A task blocks input past this long: the first 50 ms of every task are allowed (RAIL, TBT). */
export const LONG_TASK_MS = 50;

/**
 * The figures, each a ratio to the reference's: a judged one must be at most `bound`; `aim` is
 * printed as a goal. LCP under applied throttling is information: each request pays the emulated
 * latency in full, and the cart paints its rows after hydration; Lighthouse
 * judges LCP (scripts/perf/lighthouse-gate.mjs).
 */
export const GATE = {
  mainThread: { label: 'main thread', bound: 3, aim: 1, judged: true },
  longest: { label: 'longest task', bound: 1, aim: 0.35, judged: true },
  lcp: { label: 'LCP', bound: 1.3, aim: 1, judged: false },
};
/** @typedef {keyof typeof GATE} Measure */
export const MEASURES = /** @type {Measure[]} */ (Object.keys(GATE));

/** Which of a side's loads is judged: its second fastest (see the header). */
export const JUDGED_RANK = 2;

/** Rounds of every page and the reference before any verdict, and at most. */
export const RUNS = { first: 3, most: 9 };

/**
 * A main-thread task: when it started and how long it took on the wall clock, in ms from
 * navigation, and the CPU time the thread spent in it (its thread time). Time the operating system
 * gave another process is not the thread's; but DevTools' throttling busy-waits on the thread in
 * proportion to the wall time it last ran, so under it that time comes back multiplied (the gate
 * measures unthrottled by default: scripts/perf/blocking.mjs).
 * @typedef {{ start: number, duration: number, cpu: number }} Task
 */
/** @typedef {{ mainThread: number, afterFcp: number, longest: number, lcp: number, blocking: number, cls: number }} LoadFigures */

/** @typedef {{ tasks: Task[], fcp: number }} TraceFigures */

/**
 * The main thread's top-level tasks and FCP of the page's own document from a Chromium trace, in ms
 * from its navigation start. The page's renderer is the process whose main frame painted first;
 * its main thread is the one named CrRendererMain.
 * @param {{ traceEvents: any[] }} trace
 * @returns {TraceFigures}
 */
export function traceFigures({ traceEvents }) {
  const fcpEvent = traceEvents.find((event) => event.name === 'firstContentfulPaint');
  if (!fcpEvent) throw new Error('The trace has no first contentful paint');
  const { pid } = fcpEvent;
  const main = traceEvents.find(
    (event) =>
      event.ph === 'M' && event.name === 'thread_name' && event.pid === pid && event.args?.name === 'CrRendererMain',
  );
  if (!main) throw new Error('The trace does not name the renderer main thread');
  const navigation = traceEvents.find(
    (event) => event.name === 'navigationStart' && event.args?.data?.navigationId === fcpEvent.args?.data?.navigationId,
  );
  if (!navigation) throw new Error('The trace has no navigation start before its first paint');
  const since = (/** @type {number} */ ts) => (ts - navigation.ts) / 1000;
  const tasks = traceEvents
    .filter(
      (event) =>
        event.pid === pid &&
        event.tid === main.tid &&
        event.ph === 'X' &&
        event.name === 'RunTask' &&
        event.ts >= navigation.ts,
    )
    .map((event) => ({
      start: since(event.ts),
      duration: (event.dur ?? 0) / 1000,
      cpu: (event.tdur ?? event.dur ?? 0) / 1000,
    }));
  return { tasks, fcp: since(fcpEvent.ts) };
}

/**
 * The main thread's CPU time after first contentful paint: each task's thread time, the share of it
 * that falls after `fcp` on the wall clock, summed.
 * @param {readonly Task[]} tasks
 * @param {number} fcp
 */
export function busyAfter(tasks, fcp) {
  let sum = 0;
  for (const { start, duration, cpu } of tasks) {
    const after = Math.max(0, start + duration - Math.max(start, fcp));
    sum += duration > 0 ? (cpu * after) / duration : 0;
  }
  return sum;
}

/**
 * Blocking after FCP, for information: each task's stretch past its first LONG_TASK_MS that lies
 * after `fcp`, summed.
 * @param {readonly Task[]} tasks
 * @param {number} fcp
 */
export function blockingAfter(tasks, fcp) {
  let sum = 0;
  for (const { start, duration } of tasks) sum += Math.max(0, start + duration - Math.max(start + LONG_TASK_MS, fcp));
  return sum;
}

/**
 * One load's figures.
 * @param {{ tasks: readonly Task[], fcp: number, lcp: number, cls: number }} load
 * @returns {LoadFigures}
 */
export function loadFigures({ tasks, fcp, lcp, cls }) {
  return {
    mainThread: busyAfter(tasks, 0),
    afterFcp: busyAfter(tasks, fcp),
    longest: Math.max(0, ...tasks.map((task) => task.cpu)),
    lcp,
    blocking: blockingAfter(tasks, fcp),
    cls,
  };
}

/**
 * The median (the mean of the middle two of an even count).
 * @param {readonly number[]} values
 */
export function median(values) {
  if (values.length === 0) throw new Error('No values to take a median of');
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const at = (/** @type {number} */ index) => sorted[index] ?? Number.NaN;
  return sorted.length % 2 ? at(middle) : (at(middle - 1) + at(middle)) / 2;
}

/**
 * How far a median of these values may sit from the truth: the standard error of a median
 * (1.2533 σ / √n), with σ estimated robustly from the median absolute deviation (1.4826 MAD).
 * @param {readonly number[]} values
 */
export function medianNoise(values) {
  const middle = median(values);
  const mad = median(values.map((value) => Math.abs(value - middle)));
  return (1.2533 * 1.4826 * mad) / Math.sqrt(values.length);
}

/**
 * The `rank`-th fastest of a side's loads (1: the fastest), and how sure it is, as a share of it:
 * its gap to the nearest other load, or to the fastest, whichever is wider. A load that another
 * agrees with says the machine left them alone, but only if the loads faster than it agree too:
 * two slow loads that agree and one far faster may be one load split short or two slowed by the
 * machine, and only more loads tell which (docs/performance.md, 'The main-thread gate'). Fewer
 * loads than `rank` take the slowest.
 * @param {readonly number[]} values
 * @param {number} [rank]
 */
export function fastest(values, rank = 1) {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) throw new Error('No loads to take the fastest of');
  const at = Math.min(rank, sorted.length) - 1;
  const value = /** @type {number} */ (sorted[at]);
  const neighbours = [sorted[at - 1], sorted[at + 1]].filter((other) => other !== undefined);
  if (neighbours.length === 0) return { value, gap: Infinity };
  const distance = Math.max(
    value - /** @type {number} */ (sorted[0]),
    Math.min(...neighbours.map((other) => Math.abs(other - value))),
  );
  return { value, gap: value > 0 ? distance / value : distance > 0 ? Infinity : 0 };
}

/** page ÷ reference, where nothing is 0 × anything and something is Infinity × nothing. */
export function ratio(/** @type {number} */ page, /** @type {number} */ reference) {
  if (page === 0) return 0;
  return reference > 0 ? page / reference : Infinity;
}

/**
 * A page's verdict against the reference's loads of the same rounds: per measure, the page's
 * JUDGED_RANK-th fastest load against the reference's, and the bound. The ratio's noise is the two
 * sides' gaps added; a judged ratio within that noise of its bound is `undecided` (another round may
 * move it across). With `precision`, a judged ratio whose noise is more than that share of it is undecided
 * too: a sweep compares the ratios themselves, not only the verdicts. CLS, a layout's and not a
 * time, is the median of the page's loads, printed.
 * @param {readonly LoadFigures[]} page
 * @param {readonly LoadFigures[]} reference
 * @param {{ precision?: number }} [options]
 */
export function judgePage(page, reference, { precision = Infinity } = {}) {
  if (reference.length < page.length) throw new Error('The reference has fewer rounds than the page');
  const rounds = reference.slice(0, page.length);
  /** @type {Record<Measure, { ratio: number, noise: number, passes: boolean, aimMet: boolean }>} */
  const measures = /** @type {any} */ ({});
  const failures = [];
  let undecided = false;
  for (const measure of MEASURES) {
    const { bound, aim, label, judged } = GATE[measure];
    const own = fastest(
      page.map((load) => load[measure]),
      JUDGED_RANK,
    );
    const theirs = fastest(
      rounds.map((load) => load[measure]),
      JUDGED_RANK,
    );
    const value = ratio(own.value, theirs.value);
    const noise = value === 0 ? 0 : value * (own.gap + theirs.gap);
    const passes = !judged || value <= bound;
    if (judged && !(Math.abs(value - bound) >= noise && noise <= precision * value)) undecided = true;
    if (!passes) failures.push(`${label} ${value.toFixed(2)}× the reference's (must be ≤ ${bound}×)`);
    measures[measure] = { ratio: value, noise, passes, aimMet: value <= aim };
  }
  const cls = median(page.map((load) => load.cls));
  return { measures, cls, failures, undecided };
}

/**
 * The CPU slowdown at which the reference page's start-up costs `targetMs` of main-thread time,
 * from its cost measured at `trialSlowdown`: task time grows in proportion to the slowdown.
 * @param {number} measuredMs the reference's main-thread time at the trial slowdown
 * @param {number} trialSlowdown
 * @param {number} targetMs
 */
export function slowdownFor(measuredMs, trialSlowdown, targetMs) {
  if (!(measuredMs > 0)) throw new Error(`The reference page measured ${measuredMs} ms of main-thread time`);
  return Math.max(1, Math.round(((trialSlowdown * targetMs) / measuredMs) * 100) / 100);
}

/**
 * Whether a sweep's verdicts hold at every slowdown: each page the same verdict everywhere, and
 * each judged ratio within ±`spread` of that page's median ratio over the slowdowns.
 * @param {Record<string, { passes: boolean, ratios: Record<Measure, number> }>[]} sweep one entry per slowdown, by page
 * @param {number} [spread]
 */
export function sweepHolds(sweep, spread = 0.2) {
  const problems = [];
  for (const page of Object.keys(sweep[0] ?? {})) {
    const verdicts = new Set(sweep.map((run) => run[page]?.passes));
    if (verdicts.size > 1) problems.push(`${page}: the verdict changes with the slowdown`);
    for (const measure of MEASURES.filter((judged) => GATE[judged].judged)) {
      const values = sweep.map((run) => run[page]?.ratios[measure] ?? Number.NaN);
      const middle = median(values);
      if (values.some((value) => !(Math.abs(value - middle) <= spread * middle)))
        problems.push(
          `${page}: ${GATE[measure].label} ${values.map((value) => value.toFixed(2)).join(' / ')} (over ±${spread * 100}%)`,
        );
    }
  }
  return problems;
}
