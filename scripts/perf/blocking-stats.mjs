// @ts-check
/**
 * The arithmetic of the main-thread blocking gate (scripts/perf/blocking.mjs): what one page load's
 * long tasks add up to, and the verdict of a page's medians against the reference page's from
 * the same run.
 */

/** A task blocks input past this long: the first 50 ms of every task are allowed (RAIL, TBT). */
export const LONG_TASK_MS = 50;

export const GATE = {
  /** Blocking after FCP at most this times the reference's. */
  blockingRatio: 1.1,
  /** The longest task at most this times the reference's longest. */
  longestRatio: 1,
  /** The goal, printed, not enforced: the longest task at most this times the reference's. */
  longestGoalRatio: 0.25,
};

/** @typedef {{ startTime: number, duration: number }} Task a long task, in ms from navigation */
/** @typedef {{ blocking: number, longest: number }} LoadFigures */

/**
 * Main-thread blocking after first contentful paint: for each task, the part past its first
 * LONG_TASK_MS (from startTime + 50 ms to its end) that lies after `fcp` and before `until`, summed.
 * A task that straddles FCP counts only its blocking stretch after FCP (unlike Lighthouse's TBT,
 * which clips the task at FCP first and then takes 50 ms off what is left); a task of 50 ms or
 * less counts nothing.
 * @param {readonly Task[]} tasks
 * @param {number} fcp first contentful paint, ms from navigation
 * @param {number} [until] the end of the observed window, ms from navigation
 */
export function blockingAfter(tasks, fcp, until = Infinity) {
  let sum = 0;
  for (const { startTime, duration } of tasks) {
    const from = Math.max(startTime + LONG_TASK_MS, fcp);
    const to = Math.min(startTime + duration, until);
    if (to > from) sum += to - from;
  }
  return sum;
}

/**
 * One load's figures: blocking after FCP (blockingAfter) and the longest task that started in the
 * window, before FCP or after (0 when there is none).
 * @param {readonly Task[]} tasks
 * @param {number} fcp
 * @param {number} [until]
 * @returns {LoadFigures}
 */
export function loadFigures(tasks, fcp, until = Infinity) {
  const inWindow = tasks.filter((task) => task.startTime < until);
  return {
    blocking: blockingAfter(inWindow, fcp, until),
    longest: Math.max(0, ...inWindow.map((task) => task.duration)),
  };
}

/**
 * The median (the mean of the middle two of an even count).
 * @param {readonly number[]} values
 * @returns {number}
 */
export function median(values) {
  if (values.length === 0) throw new Error('No values to take a median of');
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const at = (/** @type {number} */ index) => sorted[index] ?? Number.NaN;
  return sorted.length % 2 ? at(middle) : (at(middle - 1) + at(middle)) / 2;
}

/**
 * A page's medians over its runs.
 * @param {readonly LoadFigures[]} runs
 * @returns {LoadFigures}
 */
export function medianFigures(runs) {
  return { blocking: median(runs.map((run) => run.blocking)), longest: median(runs.map((run) => run.longest)) };
}

/** page ÷ reference, where nothing is 0 × anything and something is Infinity × nothing. */
export function ratio(/** @type {number} */ page, /** @type {number} */ reference) {
  if (page === 0) return 0;
  return reference > 0 ? page / reference : Infinity;
}

/**
 * A page's verdict against the reference page's medians from the same run: it fails when it
 * blocks more than GATE.blockingRatio × the reference after FCP, or when its longest task is
 * longer than the reference's longest; `goal` says whether its longest task is within
 * GATE.longestGoalRatio of the reference's.
 * @param {LoadFigures} page
 * @param {LoadFigures} reference
 */
export function judgeBlocking(page, reference) {
  const failures = [];
  const blockingRatio = ratio(page.blocking, reference.blocking);
  const longestRatio = ratio(page.longest, reference.longest);
  if (blockingRatio > GATE.blockingRatio)
    failures.push(
      `blocking after FCP ${Math.round(page.blocking)} ms (must be ≤ ${Math.round(reference.blocking * GATE.blockingRatio)} ms: ` +
        `the reference's ${Math.round(reference.blocking)} ms × ${GATE.blockingRatio})`,
    );
  if (longestRatio > GATE.longestRatio)
    failures.push(
      `longest task ${Math.round(page.longest)} ms (must be ≤ the reference's ${Math.round(reference.longest)} ms)`,
    );
  return { failures, blockingRatio, longestRatio, goal: longestRatio <= GATE.longestGoalRatio };
}
