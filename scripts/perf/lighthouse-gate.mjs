// @ts-check
/**
 * The Lighthouse gate (scripts/perf/lighthouse.mjs): each page against the reference measured in
 * the same run, so a busy machine, which slows both alike, fails no page that is not slower.
 *
 * Not judged: TBT and the performance score (30% of which is TBT). TBT counts each task past
 * 50 ms, which is not linear in the machine: our start-up's many short tasks cross the line on a
 * slower machine, the reference's one long task everywhere, so the same commit passed on one
 * machine and failed on another. scripts/perf/blocking.mjs judges main-thread blocking instead.
 *
 * Not @lhci/cli: its assertions are absolute thresholds per URL, and its collector cannot
 * interleave two origins' runs.
 */

import { median, medianNoise, ratio } from './blocking-stats.mjs';

/** @typedef {{ scores: Record<string, number | null>, metrics: { cls: number, lcp: number } }} Medians */

export const GATE = {
  /** LCP at most this times the reference's. */
  lcpRatio: 1.3,
};

/**
 * The categories that describe a page's document (its markup, metadata and console), not its
 * timing: gathered on one run of each page per preset, the first (runSettings).
 */
export const DOCUMENT_CATEGORIES = ['accessibility', 'best-practices', 'seo'];

/**
 * Audits no run needs: 'bf-cache' weighs nothing, nothing here reads it, and its gatherer navigates
 * away from the page and back after every load.
 */
export const UNREAD_AUDITS = ['bf-cache'];

/**
 * What one Lighthouse run gathers. The performance category on every run, as LCP, CLS and the image
 * audit are judged on each; the document's categories on the first round of a preset only, the
 * reference's run of it too, so that every round gathers alike on both sides of the LCP ratio (its
 * scores are printed, not judged). A noindex page skips is-crawlable.
 * @param {{ noindex?: boolean, reference?: boolean }} page the reference is gathered as any page
 * @param {number} run the page's run in this preset, from 1
 */
export function runSettings(page, run) {
  const onlyCategories = run === 1 ? ['performance', ...DOCUMENT_CATEGORIES] : ['performance'];
  const crawlable = page.noindex && onlyCategories.includes('seo') ? ['is-crawlable'] : [];
  return { onlyCategories, skipAudits: [...UNREAD_AUDITS, ...crawlable] };
}

/**
 * A page's scores over its runs: the median performance score, and each document category's lowest
 * score among the runs that gathered it (null if one could not score it; absent if none did).
 * @param {readonly { scores: Record<string, number | null | undefined> }[]} runs
 * @returns {Record<string, number | null>}
 */
export function runScores(runs) {
  /** @type {Record<string, number | null>} */
  const scores = { performance: median(runs.map((run) => run.scores.performance ?? Number.NaN)) };
  for (const id of DOCUMENT_CATEGORIES) {
    const gathered = runs.map((run) => run.scores[id]).filter((score) => score !== undefined);
    if (gathered.length)
      scores[id] = gathered.some((score) => score === null) ? null : Math.min(.../** @type {number[]} */ (gathered));
  }
  return scores;
}

/**
 * What keeps a page from passing, as messages ([] when it passes): accessibility, best practices
 * and SEO must be 1 (runScores), CLS 0, and LCP within GATE.lcpRatio of the reference's median.
 * @param {Medians} page the page's medians
 * @param {Medians} reference the reference page's medians from the same run
 */
export function judge(page, reference) {
  const failures = [];
  for (const id of DOCUMENT_CATEGORIES) {
    if (page.scores[id] !== 1)
      failures.push(`${id} ${page.scores[id] === undefined ? 'not gathered' : page.scores[id]} (must be 1)`);
  }
  if (page.metrics.cls !== 0) failures.push(`CLS ${page.metrics.cls} (must be 0)`);
  const lcpLimit = reference.metrics.lcp * GATE.lcpRatio;
  if (page.metrics.lcp > lcpLimit)
    failures.push(
      `LCP ${Math.round(page.metrics.lcp)} ms (must be ≤ ${Math.round(lcpLimit)} ms: the reference's ${Math.round(reference.metrics.lcp)} ms × ${GATE.lcpRatio})`,
    );
  return failures;
}

/**
 * Whether a page's LCP verdict needs another run: the median of its runs' ratios to the reference's
 * run of the same round sits within twice its noise of GATE.lcpRatio.
 * @param {readonly number[]} page the page's LCP, run by run
 * @param {readonly number[]} reference the reference's LCP, run by run (the same rounds first)
 */
export function lcpUndecided(page, reference) {
  const ratios = page.map((lcp, round) => ratio(lcp, reference[round] ?? Number.NaN));
  return Math.abs(median(ratios) - GATE.lcpRatio) < 2 * medianNoise(ratios);
}

/**
 * Lighthouse's own rule for an image with a srcset (@paulirish/trace_engine, ImageDelivery.js): it
 * is too large for its slot when the bytes its surplus pixels cost pass 12,288, and any saving
 * counts only past 4,096 (one without a srcset is held to that 4,096 alone).
 */
export const IMAGE_SAVINGS = { withSrcset: 12288, any: 4096 };

/** Lighthouse 13's reason for a responsive-size finding ('… (720x405) for its displayed dimensions (378x213). …'). */
const RESPONSIVE_REASON = /\((\d+)x(\d+)\) for its displayed dimensions \((\d+)x(\d+)\)/;

/**
 * @typedef {{ reason?: string | { formattedDefault?: string }, wastedBytes?: number }} ImageReason
 * @typedef {{
 *   url?: string, totalBytes?: number,
 *   node?: { snippet?: string, boundingRect?: { width: number, height: number } },
 *   subItems?: { items?: ImageReason[] },
 * }} ImageItem
 */

/**
 * What the 'Improve image delivery' insight found on one page, as messages ([] when nothing),
 * with its responsive-size rule applied at the device's pixel ratio.
 * The trace engine sizes a painted image in CSS pixels times the pixel ratio it reads from the
 * trace's MainFrameViewport event. Chromium 156's headless traces carry none, so it sizes for a
 * ratio of 1, calls most of a phone's cover surplus, and a photo cover fails on whether it finished
 * loading before the trace ended (docs/performance.md, 'Images'). So a responsive-size reason whose
 * displayed size is the element's CSS size is judged again at `dpr`; every other reason stands as
 * Lighthouse gave it, and so does one this cannot read.
 * @param {ImageItem[]} items the audit's details.items
 * @param {number} dpr the emulated device pixel ratio
 */
export function imageFindings(items, dpr) {
  const findings = [];
  for (const item of items) {
    const reasons = (item.subItems?.items ?? []).map((sub) =>
      typeof sub.reason === 'string' ? sub.reason : (sub.reason?.formattedDefault ?? ''),
    );
    const standing = reasons.length ? reasons.filter((reason) => !undersizedByEngine(reason, item, dpr)) : [''];
    if (standing.length)
      findings.push(
        `${item.url ?? item.node?.snippet ?? '(an image)'}${standing[0] ? `: ${standing.join('; ')}` : ''}`,
      );
  }
  return findings;
}

/**
 * Whether `reason` is a responsive-size finding that only the missing pixel ratio made: its
 * displayed size is the element's CSS size and, at `dpr`, the surplus is within Lighthouse's rule.
 * @param {string} reason @param {ImageItem} item @param {number} dpr
 */
function undersizedByEngine(reason, item, dpr) {
  const match = RESPONSIVE_REASON.exec(reason);
  const rect = item.node?.boundingRect;
  if (!match || !rect || !item.totalBytes || dpr === 1) return false;
  const [fileWidth, fileHeight, shownWidth, shownHeight] = /** @type {[number, number, number, number]} */ (
    [1, 2, 3, 4].map((group) => Number(match[group]))
  );
  if (Math.abs(shownWidth - rect.width) > 1 || Math.abs(shownHeight - rect.height) > 1) return false;
  const surplus = Math.max(0, 1 - (rect.width * dpr * rect.height * dpr) / (fileWidth * fileHeight));
  const savings = surplus * item.totalBytes;
  const limit = item.node?.snippet?.includes('srcset=') ? IMAGE_SAVINGS.withSrcset : IMAGE_SAVINGS.any;
  return savings <= Math.max(limit, IMAGE_SAVINGS.any);
}
