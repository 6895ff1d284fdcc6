// @ts-check
/**
 * The Lighthouse gate (scripts/lighthouse.mjs): each page of the site against the reference page
 * measured in the same run, so that a busy machine, which slows both alike, does not fail the run,
 * and a page slower than the reference does.
 *
 * Why not @lhci/cli: its assertions are absolute thresholds per URL; it cannot compare a page with
 * another URL measured in the same run, and its collector cannot interleave two origins' runs.
 */

/** @typedef {{ scores: Record<string, number>, metrics: { cls: number, lcp: number, tbt: number } }} Medians */

export const GATE = {
  /** Performance may trail the reference's by this much (Lighthouse's score steps). */
  performanceBelowReference: 0.02,
  /** TBT at most this times the reference's... */
  tbtRatio: 1.1,
  /** ...or the reference's plus this, when it is larger: a TBT near 0 ms leaves no ratio to speak of. */
  tbtAllowanceMs: 10,
  /** LCP at most this times the reference's. */
  lcpRatio: 1.3,
};

/**
 * What keeps a page from passing, as messages ([] when it passes): accessibility, best practices
 * and SEO must be 1, CLS 0, and performance, TBT and LCP within GATE of the reference's medians.
 * @param {Medians} page the page's medians
 * @param {Medians} reference the reference page's medians from the same run
 */
export function judge(page, reference) {
  const failures = [];
  for (const id of ['accessibility', 'best-practices', 'seo']) {
    if (page.scores[id] !== 1) failures.push(`${id} ${page.scores[id]} (must be 1)`);
  }
  if (page.metrics.cls !== 0) failures.push(`CLS ${page.metrics.cls} (must be 0)`);
  const performance = page.scores.performance ?? 0;
  const floor = (reference.scores.performance ?? 0) - GATE.performanceBelowReference;
  if (performance < floor - 1e-9)
    failures.push(
      `performance ${performance} (must be ≥ ${floor.toFixed(2)}: the reference's ${reference.scores.performance} - ${GATE.performanceBelowReference})`,
    );
  const tbtLimit = Math.max(reference.metrics.tbt * GATE.tbtRatio, reference.metrics.tbt + GATE.tbtAllowanceMs);
  if (page.metrics.tbt > tbtLimit)
    failures.push(
      `TBT ${Math.round(page.metrics.tbt)} ms (must be ≤ ${Math.round(tbtLimit)} ms: the reference's ${Math.round(reference.metrics.tbt)} ms × ${GATE.tbtRatio})`,
    );
  const lcpLimit = reference.metrics.lcp * GATE.lcpRatio;
  if (page.metrics.lcp > lcpLimit)
    failures.push(
      `LCP ${Math.round(page.metrics.lcp)} ms (must be ≤ ${Math.round(lcpLimit)} ms: the reference's ${Math.round(reference.metrics.lcp)} ms × ${GATE.lcpRatio})`,
    );
  return failures;
}
