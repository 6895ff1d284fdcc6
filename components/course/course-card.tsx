import { StaticImage } from '@/components/ui/static-image';
import { IMAGE_SIZES } from '@/config/image-variants.mjs';
import { ButtonLink } from '@/components/ui/button';
import { AddToCartLink } from '@/components/cart/add-to-cart-link';
import { formatCardFacts, summarizeCurriculum } from '@/lib/curriculum';
import { WishlistToggle } from '@/components/wishlist/wishlist-toggle';
import { formatCount } from '@/lib/format';
import { courseHref } from '@/lib/routes';
import type { CourseSummary } from '@/lib/types';
import { CoursePrice } from './course-price';
import { StarRating } from './star-rating';

type HeadingLevel = 2 | 3;

/**
 * A course as a card. Its parts are styled by the component classes of app/globals.css
 * (`.course-card`, `.card-*`, `.rating`, `.price`), not utilities: a card is repeated in the HTML
 * and in every RSC copy of every listing it is on, so each byte of its markup counts ~24 times.
 */
export function CourseCard({
  course,
  headingLevel = 3,
  preloadImage = false,
  yieldImage = false,
  besideFilters = false,
}: {
  course: CourseSummary;
  headingLevel?: HeadingLevel;
  /** In a listing with the filters beside it, where the cards are narrower on wide screens. */
  besideFilters?: boolean;
  /** For the card whose cover is likely the page's largest element above the fold. */
  preloadImage?: boolean;
  /**
   * For the cards after that one: their covers load at low priority, so that one in view is not
   * raised to high priority to share the connection with the largest paint's.
   */
  yieldImage?: boolean;
}) {
  const Heading = `h${headingLevel}` as const;
  const facts = course.facts ?? formatCardFacts(course.content && summarizeCurriculum(course.content), course.level);
  return (
    <article className="course-card">
      <StaticImage
        src={course.image}
        alt=""
        width={480}
        height={270}
        sizes={besideFilters ? IMAGE_SIZES.listing : IMAGE_SIZES.card}
        preload={preloadImage}
        fetchPriority={yieldImage ? 'low' : undefined}
      />
      <WishlistToggle id={course.id} name={course.course_name} />
      <div className="card-body">
        <Heading className="card-title">{course.course_name}</Heading>
        <p className="card-by">{course.creator}</p>
        {facts && <p className="card-by">{facts}</p>}
        <p className="card-rating">
          <StarRating rating={course.rating_star} />
          <span>
            {`(${formatCount(course.rating_count)}`}
            <span className="sr-only"> ratings</span>)
          </span>
        </p>
        <CoursePrice courseId={course.id} price={course.discounted_price} originalPrice={course.actual_price} />
        <div className="card-actions">
          <ButtonLink
            href={courseHref(course.id)}
            variant="secondary"
            aria-label={`See details: ${course.course_name}`}
          >
            See details
          </ButtonLink>
          <AddToCartLink courseId={course.id} courseName={course.course_name} />
        </div>
      </div>
    </article>
  );
}
