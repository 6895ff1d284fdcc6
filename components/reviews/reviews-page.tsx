import type { ReactNode } from 'react';
import { Pagination } from '@/components/course/pagination';
import { Link } from '@/components/ui/link';
import { ChevronRightIcon } from '@/components/ui/icons';
import { cn } from '@/lib/cn';
import { formatCount } from '@/lib/format';
import { pageCount, pageItems } from '@/lib/pagination';
import { countByStars, REVIEWS_PER_PAGE, STARS } from '@/lib/reviews';
import { courseHref, reviewsHref } from '@/lib/routes';
import type { Review } from '@/lib/schema';
import type { Course } from '@/lib/types';
import { ReviewItem } from './review-item';

/**
 * 'Show all reviews' of a course (/courses/{id}/reviews/[{n}/]): a way back to the course, the
 * count, a filter by stars and one page of the written reviews, newest first, REVIEWS_PER_PAGE a
 * page. The filter needs no script: each link's fragment (`#stars-5`) targets an empty element
 * before the list, and CSS :target hides the other reviews and marks the link (app/globals.css,
 * .stars-target-N). It filters the reviews of this page, so it offers only the stars they have.
 */
export function ReviewsPage({
  course,
  reviews,
  page,
  now,
}: {
  course: Course;
  /** Every written review of the course, newest first. */
  reviews: readonly Review[];
  page: number;
  /** The build's time, from which each review's age is counted. */
  now: Date;
}) {
  const shown = pageItems(reviews, page, REVIEWS_PER_PAGE);
  const pages = pageCount(reviews.length, REVIEWS_PER_PAGE);
  const counts = countByStars(shown);
  const filters = STARS.map((stars, index) => ({ stars, count: counts[index]! })).filter(({ count }) => count > 0);
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 wrap-anywhere sm:px-6 sm:py-10">
      <Link
        href={courseHref(course.id)}
        className="inline-flex min-h-6 items-center gap-1 text-sm font-bold text-brand hover:underline"
      >
        <ChevronRightIcon size={16} className="rotate-180" />
        {course.course_name}
      </Link>
      <h1 className="mt-2 text-3xl leading-tight font-extrabold">Reviews of {course.course_name}</h1>
      <p className="mt-2 text-ink-muted">
        {formatCount(reviews.length)} written review{reviews.length === 1 ? '' : 's'}
        {pages > 1 && ` · page ${page} of ${pages}`}
      </p>
      <section aria-label="Reviews" className="reviews-filter mt-6">
        {filters.map(({ stars }) => (
          <span key={stars} id={`stars-${stars}`} className={`stars-target-${stars} block scroll-mt-20`} />
        ))}
        <nav aria-label="Filter reviews by stars">
          <ul className="flex flex-wrap gap-2">
            <li>
              <FilterLink href={reviewsHref(course.id, { page })} className="stars-link-all">
                All ({formatCount(shown.length)})
              </FilterLink>
            </li>
            {filters.map(({ stars, count }) => (
              <li key={stars}>
                <FilterLink href={reviewsHref(course.id, { page, stars })} className={`stars-link-${stars}`}>
                  {stars} star{stars === 1 ? '' : 's'} ({formatCount(count)})
                </FilterLink>
              </li>
            ))}
          </ul>
        </nav>
        <ul className="mt-4">
          {shown.map((review, index) => (
            // Reviews have no id; the list is static, in one order.
            <ReviewItem key={index} review={review} now={now} />
          ))}
        </ul>
      </section>
      <Pagination className="mt-8" page={page} pages={pages} href={(n) => reviewsHref(course.id, { page: n })} />
    </div>
  );
}

function FilterLink({ href, className, children }: { href: string; className: string; children: ReactNode }) {
  return (
    <Link
      href={href}
      className={cn(
        'inline-flex min-h-10 items-center rounded-full border border-line px-4 text-sm font-bold hover:border-ink',
        className,
      )}
    >
      {children}
    </Link>
  );
}
