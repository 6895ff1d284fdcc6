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

/** How many of a course's newest written reviews its page shows; 'Show all reviews' reaches the rest. */
export const REVIEWS_SHOWN = 6;

/**
 * A review longer than this many characters is clamped to four lines, with 'Show more': about four
 * lines of the widest column a review has (the course page at 1280 px), so that no 'Show more'
 * shows a text that was whole already.
 */
export const REVIEW_CLAMP_AFTER = 400;

/** '1 star', '4 stars'. */
export const starsLabel = (stars: number) => `${stars} star${stars === 1 ? '' : 's'}`;

/** How many reviews one page of 'Show all reviews' lists: most courses' reviews fit on one page (one file). */
export const REVIEWS_PER_PAGE = 50;

/**
 * Whether a course with `total` written reviews has each number of stars' own pages of 'Show all
 * reviews' (…/reviews/stars-5/): only when its reviews take more than one page. One page filters
 * itself by its fragment, at no file more (lib/routes.ts, starReviewsHref).
 */
export const hasStarPages = (total: number) => total > REVIEWS_PER_PAGE;

/**
 * Each bar's share of a breakdown in whole percent, highest stars first (a count above zero never
 * shows as '0%': it rounds up to 1). All zeros when the breakdown counts no rating.
 */
export function starPercents(counts: readonly number[]): number[] {
  const total = counts.reduce((sum, count) => sum + count, 0);
  return counts.map((count) => (total === 0 || count === 0 ? 0 : Math.max(1, Math.round((count / total) * 100))));
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * How long ago a review's date was, as a student reads it on the page ('today', 'yesterday',
 * '3 days ago', '2 weeks ago', '5 months ago', '2 years ago'), counted in whole UTC days from
 * `now`: the reader's, in the browser (lib/browser/review-ages.ts), never the build's. A date
 * after `now` (a review dated its today east of UTC) reads 'today'.
 */
export function relativeAge(date: string, now: Date = new Date()): string {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const days = Math.max(0, Math.floor((today - Date.parse(`${date}T00:00:00Z`)) / DAY_MS));
  if (days === 0) return 'today';
  if (days === 1) return 'yesterday';
  const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'} ago`;
  if (days < 7) return plural(days, 'day');
  if (days < 30) return plural(Math.floor(days / 7), 'week');
  if (days < 365) return plural(Math.max(1, Math.floor(days / 30.44)), 'month');
  return plural(Math.floor(days / 365.25), 'year');
}

/*
 * Made once, on first use (browser bundles that import this module never build it): an Intl
 * formatter loads its locale's data each time one is built (docs/performance.md, 'Figures
 * behind the code').
 */
let fullDate: Intl.DateTimeFormat | undefined;

/** A review's date in full, as its page is built (its <time>'s text and title): '14 August 2026'. */
export function formatReviewDate(date: string): string {
  fullDate ??= new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
  return fullDate.format(new Date(`${date}T00:00:00Z`));
}
