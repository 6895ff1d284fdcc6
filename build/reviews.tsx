import 'server-only';
import { ReviewsPage } from '@/components/reviews/reviews-page';
import { getCourse, getReviews, type ReviewsPageKey } from '@/lib/server/catalogue';
import { browserBundle } from '@/lib/server/browser-bundle';
import { reviewsHref } from '@/lib/routes';
import { reviewsMetadata } from '@/lib/server/seo';
import { renderDocument } from './document';

/*
 * 'Show all reviews': every page of every course's written reviews (getReviewsPages, listed by
 * the export's plan), made by the export without Next (build/document.tsx). Next renders a
 * page at a cost of its own whatever the page holds, and a catalogue has about one of these a
 * course (docs/performance.md, 'With reviews shown').
 */

/** One reviews page as an HTML document (its stylesheets linked), and its route. */
export function renderReviewsPage(key: ReviewsPageKey, stylesheets: readonly string[]) {
  const course = getCourse(key.id);
  if (!course) throw new Error(`reviews page of ${key.id}: no such course`);
  const reviews = getReviews(course.id);
  const listed =
    key.stars === undefined ? reviews.length : reviews.filter((review) => review.rating === key.stars).length;
  const route = reviewsHref(course.id, key);
  const html = renderDocument(
    {
      route,
      metadata: reviewsMetadata(course, listed, key.page, key.stars),
      content: (
        <>
          <ReviewsPage course={course} reviews={reviews} page={key.page} stars={key.stars} />
          {/* The page never hydrates: how long ago each review was, once its list is parsed (lib/browser/review-ages.ts). */}
          <script dangerouslySetInnerHTML={{ __html: browserBundle('review-ages') }} />
        </>
      ),
    },
    stylesheets,
  );
  return { route, html };
}
