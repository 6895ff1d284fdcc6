import type { ReactNode } from 'react';
import { Pagination } from '@/components/course/pagination';
import { Link } from '@/components/ui/link';
import { ChevronRightIcon } from '@/components/ui/icons';
import { cn } from '@/lib/cn';
import { formatCount } from '@/lib/format';
import { pageCount, pageItems } from '@/lib/pagination';
import { countByStars, hasStarPages, REVIEWS_PER_PAGE, STARS, starsLabel } from '@/lib/reviews';
import { courseHref, reviewsHref, starReviewsHref } from '@/lib/routes';
import type { Review } from '@/lib/schema';
import type { Course } from '@/lib/types';
import { ReviewItem } from './review-item';

/**
 * 'Show all reviews' of a course (/courses/{id}/reviews/[{n}/]): a way back to the course, the
 * count, a filter by stars and one page of the written reviews, newest first, REVIEWS_PER_PAGE a
 * page. No filter needs a script:
 * - when all of them fit on one page, each star's link is a fragment (`#stars-5`) that targets an
 *   empty element before the list, and CSS :target hides the other reviews and marks the link
 *   (app/globals.css, .stars-target-N): no page more;
 * - with more pages, each star's link leads to that star's own pages (…/reviews/stars-5/[{n}/],
 *   `stars`), which list every review of that many stars, and the filter counts them all.
 * Only the stars the course has reviews of are offered.
 */
export function ReviewsPage({
  course,
  reviews,
  page,
  stars,
}: {
  course: Course;
  /** Every written review of the course, newest first. */
  reviews: readonly Review[];
  page: number;
  /** The number of stars this page's reviews have, on a star's own pages (more than one page of reviews). */
  stars?: number;
}) {
  const paged = hasStarPages(reviews.length);
  const listed = stars === undefined ? reviews : reviews.filter((review) => review.rating === stars);
  const shown = pageItems(listed, page, REVIEWS_PER_PAGE);
  const pages = pageCount(listed.length, REVIEWS_PER_PAGE);
  // The filter's counts: of the whole course when each star has pages, else of this one page.
  const counts = countByStars(paged ? reviews : shown);
  const filters = STARS.map((each, index) => ({ stars: each, count: counts[index]! })).filter(({ count }) => count > 0);
  const current = (each?: number) => (paged && each === stars ? 'page' : undefined);
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
        {`${formatCount(reviews.length)} written review${reviews.length === 1 ? '' : 's'}`}
        {stars !== undefined && ` · ${formatCount(listed.length)} with ${starsLabel(stars)}`}
        {pages > 1 && ` · page ${page} of ${pages}`}
      </p>
      <section aria-label="Reviews" className={cn('mt-6', paged ? 'reviews-pages' : 'reviews-filter')}>
        {!paged &&
          filters.map(({ stars: each }) => (
            <span key={each} id={`stars-${each}`} className={`stars-target-${each} block scroll-mt-20`} />
          ))}
        <nav aria-label="Filter reviews by stars">
          <ul className="flex flex-wrap gap-2">
            <li>
              <FilterLink
                href={reviewsHref(course.id, { page: paged ? 1 : page })}
                className="stars-link-all"
                current={current(undefined)}
              >
                All ({formatCount(paged ? reviews.length : shown.length)})
              </FilterLink>
            </li>
            {filters.map(({ stars: each, count }) => (
              <li key={each}>
                <FilterLink
                  href={starReviewsHref(course.id, each, reviews.length)}
                  className={`stars-link-${each}`}
                  current={current(each)}
                >
                  {`${starsLabel(each)} (${formatCount(count)})`}
                </FilterLink>
              </li>
            ))}
          </ul>
        </nav>
        <ul className="mt-4">
          {shown.map((review, index) => (
            // Reviews have no id; the list is static, in one order.
            <ReviewItem key={index} review={review} />
          ))}
        </ul>
      </section>
      <Pagination className="mt-8" page={page} pages={pages} href={(n) => reviewsHref(course.id, { page: n, stars })} />
    </div>
  );
}

function FilterLink({
  href,
  className,
  current,
  children,
}: {
  href: string;
  className: string;
  current?: 'page';
  children: ReactNode;
}) {
  return (
    <Link
      href={href}
      aria-current={current}
      className={cn(
        'inline-flex min-h-10 items-center rounded-full border border-line px-4 text-sm font-bold hover:border-ink',
        className,
      )}
    >
      {children}
    </Link>
  );
}
