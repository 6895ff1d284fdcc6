import { StarRating } from '@/components/course/star-rating';
import { Link } from '@/components/ui/link';
import { ReviewItem } from '@/components/reviews/review-item';
import { formatCount } from '@/lib/format';
import { formatRating } from '@/lib/rating';
import { countByStars, REVIEWS_SHOWN, STARS, starPercents, starsLabel } from '@/lib/reviews';
import { reviewsHref, starReviewsHref } from '@/lib/routes';
import type { Course, Review } from '@/lib/types';

/**
 * The course page's 'Student feedback': the average, its stars and 'Course Rating'; the five bars
 * of the course's rating breakdown (none without one: never invented), each a link to that star's
 * written reviews when there are any (starReviewsHref: every one of them);
 * the newest REVIEWS_SHOWN reviews, a long one clamped with 'Show more'; and 'Show all reviews',
 * the pages that list them all. Links and a <details>, so all of it works before hydration and
 * without scripts. Nothing for a course with neither a breakdown nor a written review.
 */
export function StudentFeedback({
  course,
  reviews,
}: {
  course: Course;
  /** The course's written reviews, newest first (lib/server/catalogue.ts, getReviews). */
  reviews: readonly Review[];
}) {
  const breakdown = course.rating_breakdown;
  if (!breakdown && reviews.length === 0) return null;
  const written = countByStars(reviews);
  const percents = breakdown ? starPercents(breakdown) : [];
  return (
    <section aria-labelledby="feedback-title">
      <h2 id="feedback-title" className="text-2xl font-extrabold">
        Student feedback
      </h2>
      <div className="mt-4 flex flex-wrap items-center gap-6">
        <p className="flex flex-col items-center">
          <span className="text-4xl font-extrabold">{formatRating(course.rating_star)}</span>
          <StarRating rating={course.rating_star} className="feedback-stars" />
          <span className="text-sm font-bold">Course Rating</span>
        </p>
        {breakdown && (
          <ul aria-label="Ratings by stars" className="feedback-bars">
            {STARS.map((stars, index) => {
              // The row's text is its name: '5 stars 68%', a link to those reviews when there are any.
              const row = (
                <>
                  <span aria-hidden="true">
                    <span style={{ width: `${percents[index]}%` }} />
                  </span>
                  <span>{`${starsLabel(stars)} ${percents[index]}%`}</span>
                </>
              );
              return (
                <li key={stars}>
                  {written[index]! > 0 ? (
                    <Link href={starReviewsHref(course.id, stars, reviews.length)}>{row}</Link>
                  ) : (
                    <span>{row}</span>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </div>
      {reviews.length > 0 && (
        <>
          <h3 className="sr-only">Newest reviews</h3>
          <ul className="mt-4">
            {reviews.slice(0, REVIEWS_SHOWN).map((review, index) => (
              <ReviewItem key={index} review={review} />
            ))}
          </ul>
          <Link href={reviewsHref(course.id)} className="btn btn-secondary btn-md mt-2">
            {`Show all reviews (${formatCount(reviews.length)})`}
          </Link>
        </>
      )}
    </section>
  );
}
