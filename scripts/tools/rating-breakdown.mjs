#!/usr/bin/env node
// @ts-check
/**
 * A plausible star breakdown for a course's rating_count and rating_star, the same every run:
 *
 *   node scripts/tools/rating-breakdown.mjs data/courses.json    (adds or updates every course's rating_breakdown)
 *
 * The shipped catalogue's breakdowns were made with it; scripts/tools/synth-catalogue.mjs uses
 * ratingBreakdown() for every synthetic course. Ratings on course sites fall off from five stars
 * down and rise a little again at one (unhappy students pick the lowest): counts follow
 * n·e^(θ·stars), θ solved so that the mean is rating_star, with a small share moved to one star;
 * then rounded to whole counts that add up to rating_count, and nudged a rating at a time until the
 * mean is as near rating_star as whole counts allow. lib/schema.ts accepts a mean within 0.05.
 */
import { readFileSync, renameSync, writeFileSync } from 'node:fs';

const STARS = [5, 4, 3, 2, 1];

/** Counts [five, four, three, two, one] in proportions `shares`, adding up to `total`. */
function apportion(shares, total) {
  const exact = shares.map((share) => share * total);
  const counts = exact.map(Math.floor);
  let left = total - counts.reduce((sum, value) => sum + value, 0);
  // Largest remainders first, ties to the higher star.
  const order = exact
    .map((value, index) => [value - Math.floor(value), index])
    .sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  for (const [, index] of order) {
    if (left === 0) break;
    counts[index] += 1;
    left -= 1;
  }
  return counts;
}

/** Shares of 5…1 stars for θ, with `oneStar` of the whole moved to one star. */
function shape(theta, oneStar) {
  const weights = STARS.map((stars) => Math.exp(theta * stars));
  const sum = weights.reduce((total, value) => total + value, 0);
  return weights.map((weight, index) => (1 - oneStar) * (weight / sum) + (index === 4 ? oneStar : 0));
}

const meanOf = (shares) => shares.reduce((sum, share, index) => sum + share * STARS[index], 0);

/**
 * [five, four, three, two, one] adding up to `count`, with a mean within 0.05 of `star`; or
 * undefined when whole counts cannot have such a mean (a handful of ratings and a fractional
 * star): no breakdown rather than a wrong one. `variant` (0 to 1) varies the one-star share
 * between courses of one rating.
 * @param {number} count @param {number} star @param {number} [variant]
 * @returns {[number, number, number, number, number] | undefined}
 */
export function ratingBreakdown(count, star, variant = 0.5) {
  if (!Number.isInteger(count) || count < 0 || !(star >= 1 && star <= 5)) return undefined;
  if (count === 0) return [0, 0, 0, 0, 0];
  // Up to 3% at one star for a 3.8 course, none for a 5.0 one.
  const oneStar = Math.max(0, 0.03 * variant * ((5 - star) / 1.2));
  let [low, high] = [-20, 20];
  for (let step = 0; step < 60; step += 1) {
    const middle = (low + high) / 2;
    if (meanOf(shape(middle, oneStar)) < star) low = middle;
    else high = middle;
  }
  const counts = apportion(shape((low + high) / 2, oneStar), count);
  // Whole counts move the sum of stars by one at a time: nudge to the nearest.
  const target = star * count;
  let sum = counts.reduce((total, value, index) => total + value * STARS[index], 0);
  for (let guard = 0; guard < 10 * count && Math.abs(sum - target) > 0.5; guard += 1) {
    if (sum < target) {
      // One rating up a star, from the highest star below five that has one.
      const index = counts.findIndex((value, position) => position > 0 && value > 0);
      if (index < 0) break;
      counts[index] -= 1;
      counts[index - 1] += 1;
      sum += 1;
    } else {
      const index = counts.findIndex((value, position) => position < 4 && value > 0);
      if (index < 0) break;
      counts[index] -= 1;
      counts[index + 1] += 1;
      sum -= 1;
    }
  }
  if (Math.abs(sum / count - star) > 0.05 - 1e-9) return undefined;
  return /** @type {[number, number, number, number, number]} */ (counts);
}

/** A number from 0 to 1 from a text (FNV-1a): a course's id gives its variant. @param {string} text */
export function variantOf(text) {
  let value = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1)
    value = Math.imul(value ^ text.charCodeAt(index), 0x01000193) >>> 0;
  return value / 0xffffffff;
}

/**
 * Every course with a breakdown, placed after rating_star; a course whose breakdown cannot be
 * made keeps none.
 * @param {Record<string, unknown>[]} courses
 */
export function withBreakdowns(courses) {
  return courses.map((course) => {
    const breakdown = ratingBreakdown(
      /** @type {number} */ (course.rating_count),
      /** @type {number} */ (course.rating_star),
      variantOf(String(course.id)),
    );
    const entries = Object.entries(course).filter(([key]) => key !== 'rating_breakdown');
    const at = entries.findIndex(([key]) => key === 'rating_star') + 1;
    if (breakdown) entries.splice(at, 0, ['rating_breakdown', breakdown]);
    return Object.fromEntries(entries);
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const file = process.argv[2];
  if (!file) {
    console.error('usage: node scripts/tools/rating-breakdown.mjs COURSES.json');
    process.exit(2);
  }
  const courses = withBreakdowns(JSON.parse(readFileSync(file, 'utf8')));
  // The catalogue's own layout, except that a breakdown stays on one line.
  const text = JSON.stringify(courses, null, 2).replace(
    /"rating_breakdown": \[\s*([\d\s,]+?)\s*\]/g,
    (_, counts) => `"rating_breakdown": [${counts.split(/,\s*/).join(', ')}]`,
  );
  writeFileSync(`${file}.tmp`, `${text}\n`);
  renameSync(`${file}.tmp`, file);
  const made = courses.filter((course) => course.rating_breakdown).length;
  console.log(`${file}: ${made} of ${courses.length} courses have a rating_breakdown`);
}
