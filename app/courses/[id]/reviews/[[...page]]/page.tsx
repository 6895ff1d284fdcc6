import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { ReviewsPage } from '@/components/reviews/reviews-page';
import { getCourse, getReviews, getReviewsPages, getReviewsPlaceholder } from '@/lib/server/catalogue';
import { pageCount } from '@/lib/pagination';
import { REVIEWS_PER_PAGE } from '@/lib/reviews';
import { reviewsMetadata } from '@/lib/server/seo';

export const dynamicParams = false;

/**
 * Every page of every course's written reviews: /courses/{id}/reviews/ and …/reviews/{n}/, only
 * for a course with at least one. Anything else is a 404. A catalogue without any written review
 * gets one placeholder, a 404 the export removes (getReviewsPlaceholder).
 */
export function generateStaticParams() {
  const placeholder = getReviewsPlaceholder();
  if (placeholder) return [{ id: placeholder, page: [] }];
  return getReviewsPages().map(({ id, page }) => ({ id, page: page === 1 ? [] : [String(page)] }));
}

type Props = { params: Promise<{ id: string; page?: string[] }> };

/** The course and page an address names, or undefined (no written review, a page past the end, `1/`, `02/`…). */
async function pageFrom(params: Props['params']) {
  const { id, page: segments = [] } = await params;
  const course = getCourse(decodeURIComponent(id));
  if (!course) return undefined;
  const reviews = getReviews(course.id);
  let page = 1;
  if (segments.length > 0) {
    if (segments.length !== 1 || !/^[1-9]\d{0,8}$/.test(segments[0]!) || segments[0] === '1') return undefined;
    page = Number(segments[0]);
  }
  if (reviews.length === 0 || page > pageCount(reviews.length, REVIEWS_PER_PAGE)) return undefined;
  return { course, reviews, page };
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const found = await pageFrom(params);
  return found ? reviewsMetadata(found.course, found.reviews.length, found.page) : {};
}

export default async function CourseReviewsPage({ params }: Props) {
  const found = await pageFrom(params);
  if (!found) notFound();
  return <ReviewsPage course={found.course} reviews={found.reviews} page={found.page} now={new Date()} />;
}
