// @ts-check
/**
 * The Lighthouse gate (scripts/perf/lighthouse.mjs): each page of the site against the reference page
 * measured in the same run, so that a busy machine, which slows both alike, does not fail the run,
 * and a page slower than the reference does.
 *
 * Not judged: TBT and the performance score (30% of which is TBT). TBT counts each task past
 * 50 ms, which is not linear in the machine: our start-up is many short tasks that cross the line
 * on a slower machine, the reference's one long task crosses it everywhere, so the same commit
 * passed on one machine and failed on another. Main-thread blocking is judged by
 * scripts/perf/blocking.mjs instead, in the page on a calibrated CPU; Lighthouse's figures are printed.
 *
 * Why not @lhci/cli: its assertions are absolute thresholds per URL; it cannot compare a page with
 * another URL measured in the same run, and its collector cannot interleave two origins' runs.
 */

/** @typedef {{ scores: Record<string, number | null>, metrics: { cls: number, lcp: number } }} Medians */

export const GATE = {
  /** LCP at most this times the reference's. */
  lcpRatio: 1.3,
};

/**
 * What keeps a page from passing, as messages ([] when it passes): accessibility, best practices
 * and SEO must be 1, CLS 0, and LCP within GATE.lcpRatio of the reference's median.
 * @param {Medians} page the page's medians
 * @param {Medians} reference the reference page's medians from the same run
 */
export function judge(page, reference) {
  const failures = [];
  for (const id of ['accessibility', 'best-practices', 'seo']) {
    if (page.scores[id] !== 1) failures.push(`${id} ${page.scores[id]} (must be 1)`);
  }
  if (page.metrics.cls !== 0) failures.push(`CLS ${page.metrics.cls} (must be 0)`);
  const lcpLimit = reference.metrics.lcp * GATE.lcpRatio;
  if (page.metrics.lcp > lcpLimit)
    failures.push(
      `LCP ${Math.round(page.metrics.lcp)} ms (must be ≤ ${Math.round(lcpLimit)} ms: the reference's ${Math.round(reference.metrics.lcp)} ms × ${GATE.lcpRatio})`,
    );
  return failures;
}
