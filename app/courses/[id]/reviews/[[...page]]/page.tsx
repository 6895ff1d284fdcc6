import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { ReviewsPage } from '@/components/reviews/reviews-page';
import { getCourse, getReviews, getReviewsPages, getReviewsPlaceholder } from '@/lib/server/catalogue';
import { pageCount } from '@/lib/pagination';
import { hasStarPages, REVIEWS_PER_PAGE } from '@/lib/reviews';
import { reviewsMetadata } from '@/lib/server/seo';

export const dynamicParams = false;

/**
 * Every page of every course's written reviews: /courses/{id}/reviews/ and …/reviews/{n}/, only
 * for a course with at least one; and for a course with more than one page, each number of
 * stars' pages, …/reviews/stars-{s}/[{n}/] (getReviewsPages). Anything else is a 404. A catalogue
 * without any written review gets one placeholder, a 404 the export removes (getReviewsPlaceholder).
 */
export function generateStaticParams() {
  const placeholder = getReviewsPlaceholder();
  if (placeholder) return [{ id: placeholder, page: [] }];
  return getReviewsPages().map(({ id, page, stars }) => ({
    id,
    page: [...(stars === undefined ? [] : [`stars-${stars}`]), ...(page === 1 ? [] : [String(page)])],
  }));
}

type Props = { params: Promise<{ id: string; page?: string[] }> };

/** A page number as an address spells it: 2, 3, … (not `1`, `02`). */
const LATER_PAGE = /^[1-9]\d{0,8}$/;

/**
 * The course, the stars and the page an address names, or undefined: no written review, a page
 * past the end, `1/`, `02/`, a number of stars it has no review of, or stars' pages for a course
 * whose reviews fit one page (that page filters itself).
 */
async function pageFrom(params: Props['params']) {
  const { id, page: segments = [] } = await params;
  const course = getCourse(decodeURIComponent(id));
  if (!course) return undefined;
  const reviews = getReviews(course.id);
  const [first, ...rest] = segments;
  const starsMatch = first?.match(/^stars-([1-5])$/);
  const stars = starsMatch ? Number(starsMatch[1]) : undefined;
  const pageSegments = starsMatch ? rest : segments;
  let page = 1;
  if (pageSegments.length > 0) {
    if (pageSegments.length !== 1 || !LATER_PAGE.test(pageSegments[0]!) || pageSegments[0] === '1') return undefined;
    page = Number(pageSegments[0]);
  }
  const listed = stars === undefined ? reviews : reviews.filter((review) => review.rating === stars);
  if (listed.length === 0 || page > pageCount(listed.length, REVIEWS_PER_PAGE)) return undefined;
  if (stars !== undefined && !hasStarPages(reviews.length)) return undefined;
  return { course, reviews, listed, page, stars };
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const found = await pageFrom(params);
  return found ? reviewsMetadata(found.course, found.listed.length, found.page, found.stars) : {};
}

export default async function CourseReviewsPage({ params }: Props) {
  const found = await pageFrom(params);
  if (!found) notFound();
  return (
    <ReviewsPage course={found.course} reviews={found.reviews} page={found.page} stars={found.stars} now={new Date()} />
  );
}
