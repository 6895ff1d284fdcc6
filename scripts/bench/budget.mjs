// @ts-check
/**
 * The verdict of a browser benchmark whose first step loads a runtime (bench-search.mjs: queries;
 * bench-filters.mjs: filter clicks). The first step has a transfer budget of its own, the runtime
 * included; each later step has a smaller one, and a time budget that only holds once the runtime
 * is loaded.
 *
 * @typedef {{ first: boolean, bytes: number, latency: number }} Step
 * @typedef {{ firstBytes: number, laterBytes: number, latencyMs: number, latencyName: string }} Budgets
 */

/**
 * Adds each finished response's bytes (headers and body, as sent) through `add`. A response's size
 * arrives after it finishes: a step's sums are read once `settled()` has answered.
 * @param {import('@playwright/test').Page} page
 * @param {(request: import('@playwright/test').Request, bytes: number) => void} add
 */
export function countTransfer(page, add) {
  /** @type {Promise<void>[]} */
  const pending = [];
  page.on('requestfinished', (request) => {
    pending.push(request.sizes().then((sizes) => add(request, sizes.responseBodySize + sizes.responseHeadersSize)));
  });
  return { settled: () => Promise.all(pending.splice(0)) };
}

/** @param {number} bytes */
export const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

/** @param {Step} step @param {Budgets} budgets */
export const transferBudget = (step, budgets) => (step.first ? budgets.firstBytes : budgets.laterBytes);

/**
 * What a step is over: 'transfer', and the time budget's name.
 * @param {Step} step @param {Budgets} budgets
 */
export function overBudget(step, budgets) {
  const over = [];
  if (step.bytes > transferBudget(step, budgets)) over.push('transfer');
  if (!step.first && step.latency > budgets.latencyMs) over.push(budgets.latencyName);
  return over;
}

/**
 * The line under the table: the first step, and the largest transfer and slowest time of the others.
 * @param {Step[]} steps @param {Budgets} budgets @param {{ first: string, later: string, latency: string }} names
 */
export function budgetSummary(steps, budgets, names) {
  const later = steps.filter((step) => !step.first);
  return (
    `${names.first} ${kb(steps[0]?.bytes ?? 0)} (≤ ${kb(budgets.firstBytes)}), ` +
    `${names.later} at most ${kb(Math.max(...later.map((step) => step.bytes)))} (≤ ${kb(budgets.laterBytes)}), ` +
    `${names.latency} ${Math.max(...later.map((step) => step.latency)).toFixed(0)} ms (≤ ${budgets.latencyMs} ms)`
  );
}

/**
 * Ends the run: exit 1 with the failures, or says the budget holds.
 * @param {string} name @param {string[]} failures
 */
export function finish(name, failures) {
  if (failures.length) {
    console.error(`${name} budget FAILED: ${failures.join('; ')}`);
    process.exit(1);
  }
  console.log(`${name} budget: OK`);
}
