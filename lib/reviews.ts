/*
 * Ratings and reviews, as pure logic: a course's star breakdown and its written reviews in the
 * order pages show them. Runs anywhere; lib/catalogue.ts reads the files and calls these.
 */

/** Counts of ratings by stars, highest first: [five, four, three, two, one]. */
export type StarCounts = [five: number, four: number, three: number, two: number, one: number];

/** The stars of each StarCounts position: 5 first. */
export const STARS = [5, 4, 3, 2, 1] as const;

/** The mean rating of a breakdown, or undefined when it counts no rating. */
export function breakdownMean(counts: readonly number[]): number | undefined {
  const total = counts.reduce((sum, count) => sum + count, 0);
  if (total === 0) return undefined;
  return counts.reduce((sum, count, index) => sum + count * STARS[index]!, 0) / total;
}

/** How many of these reviews give each number of stars, highest first. */
export function countByStars(reviews: readonly { rating: number }[]): StarCounts {
  const counts: StarCounts = [0, 0, 0, 0, 0];
  for (const { rating } of reviews) {
    const position = 5 - rating;
    if (position >= 0 && position < 5) counts[position] = counts[position]! + 1;
  }
  return counts;
}

/**
 * Reviews newest first (by their ISO dates); reviews of one day keep their order in the file.
 * Returns a new list.
 */
export function newestFirst<Review extends { date: string }>(reviews: readonly Review[]): Review[] {
  // ISO dates (YYYY-MM-DD) sort as text; Array.prototype.sort is stable.
  return [...reviews].sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0));
}

/** The earliest time zone's lead over UTC (Kiribati, UTC+14): a review may be dated its today. */
const EARLIEST_ZONE_MS = 14 * 60 * 60 * 1000;

/**
 * The latest date a review may carry at `now`, as YYYY-MM-DD: today somewhere on Earth, so that
 * a review written this morning in Auckland builds on a UTC machine, and no later.
 */
export function latestReviewDate(now: Date = new Date()): string {
  return new Date(now.getTime() + EARLIEST_ZONE_MS).toISOString().slice(0, 10);
}
