import { initialsOf } from '@/components/instructor/instructor-avatar';
import { StarRating } from '@/components/course/star-rating';
import { ShowMore } from '@/components/ui/show-more';
import { ReviewAge } from '@/components/reviews/review-age';
import { formatReviewDate, REVIEW_CLAMP_AFTER } from '@/lib/reviews';
import type { Review } from '@/lib/schema';

/**
 * One written review (styled as `.review`, app/globals.css): the author's initials, name, stars,
 * its date (how long ago, once the page runs: ReviewAge) and the text, clamped with 'Show more'
 * when long.
 * Text is shown as given: React escapes it, and `dir="auto"` lets a right-to-left review read
 * right to left. The item's `data-rating` lets a list filter by stars through CSS
 * (reviews-page.tsx); not `data-stars`, which paints star icons (app/globals.css).
 */
export function ReviewItem({ review }: { review: Review }) {
  const long = review.text.length > REVIEW_CLAMP_AFTER;
  return (
    <li data-rating={review.rating} className="review">
      <span aria-hidden="true">{initialsOf(review.author)}</span>
      <div>
        <p dir="auto">{review.author}</p>
        <p>
          <StarRating rating={review.rating} />
          <ReviewAge date={review.date} full={formatReviewDate(review.date)} />
        </p>
        <p dir="auto" className={long ? 'clamp' : undefined}>
          {review.text}
        </p>
        {long && <ShowMore />}
      </div>
    </li>
  );
}
