import { initialsOf } from '@/components/instructor/instructor-avatar';
import { StarRating } from '@/components/course/star-rating';
import { formatReviewDate, relativeAge } from '@/lib/reviews';
import type { Review } from '@/lib/schema';

/** A review longer than this is clamped to four lines, with 'Show more'. */
const CLAMP_AFTER = 280;

/**
 * One written review: the author's initials, name, stars, how long ago (the date in full in the
 * <time>) and the text. A long text is clamped to four lines; 'Show more' is a <details> whose
 * opening lifts the clamp (CSS :has()), so it works before hydration and without scripts, and
 * the text is in the page once. Text is shown as given: React escapes it, and `dir="auto"` lets
 * a right-to-left review read right to left. The item's `data-rating` lets a list filter by stars
 * through CSS (reviews-page.tsx); not `data-stars`, which paints star icons (app/globals.css).
 */
export function ReviewItem({ review, now }: { review: Review; now: Date }) {
  const long = review.text.length > CLAMP_AFTER;
  return (
    <li data-rating={review.rating} className="group flex gap-4 border-t border-line py-5 first:border-t-0">
      <span
        aria-hidden="true"
        className="flex size-10 shrink-0 items-center justify-center rounded-full bg-ink text-sm font-extrabold text-white"
      >
        {initialsOf(review.author)}
      </span>
      <div className="min-w-0 flex-1 wrap-anywhere">
        <p dir="auto" className="font-bold">
          {review.author}
        </p>
        <p className="mt-1 flex flex-wrap items-center gap-x-3 text-sm text-ink-muted">
          <StarRating rating={review.rating} />
          <time dateTime={review.date} title={formatReviewDate(review.date)}>
            {relativeAge(review.date, now)}
          </time>
        </p>
        <p
          dir="auto"
          className={
            long
              ? 'mt-2 line-clamp-4 whitespace-pre-line group-has-[details[open]]:line-clamp-none'
              : 'mt-2 whitespace-pre-line'
          }
        >
          {review.text}
        </p>
        {long && (
          <details className="mt-1 text-sm font-bold text-brand">
            <summary className="w-fit cursor-pointer underline">
              <span className="group-has-[details[open]]:hidden">Show more</span>
              <span className="hidden group-has-[details[open]]:inline">Show less</span>
            </summary>
          </details>
        )}
      </div>
    </li>
  );
}
