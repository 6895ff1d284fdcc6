import Image from 'next/image';
import { ButtonLink } from '@/components/ui/button';
import { AddToCartLink } from '@/components/cart/add-to-cart-link';
import { formatCount } from '@/lib/format';
import { assetPath, courseHref } from '@/lib/routes';
import type { CourseSummary } from '@/lib/types';
import { CoursePrice } from './course-price';
import { StarRating } from './star-rating';

type HeadingLevel = 2 | 3;

export function CourseCard({
  course,
  headingLevel = 3,
  preloadImage = false,
}: {
  course: CourseSummary;
  headingLevel?: HeadingLevel;
  /** For the card whose cover is likely the page's largest element above the fold. */
  preloadImage?: boolean;
}) {
  const Heading = `h${headingLevel}` as const;
  return (
    <article className="course-card">
      <Image
        src={assetPath(course.image)}
        alt=""
        width={480}
        height={270}
        preload={preloadImage}
        className="aspect-video w-full border-b border-line object-cover"
      />
      <div className="flex flex-1 flex-col gap-1.5 p-4">
        <Heading className="line-clamp-2 leading-snug font-bold">{course.course_name}</Heading>
        <p className="truncate text-xs text-ink-muted">{course.creator}</p>
        <p className="flex items-center gap-1.5">
          <StarRating rating={course.rating_star} />
          <span className="text-xs text-ink-muted">
            {`(${formatCount(course.rating_count)}`}
            <span className="sr-only"> ratings</span>)
          </span>
        </p>
        <CoursePrice price={course.discounted_price} originalPrice={course.actual_price} />
        <div className="mt-auto flex flex-wrap gap-2 pt-2">
          <ButtonLink
            href={courseHref(course.id)}
            variant="secondary"
            aria-label={`See details: ${course.course_name}`}
            className="flex-1 px-3"
          >
            See details
          </ButtonLink>
          <AddToCartLink courseId={course.id} courseName={course.course_name} className="flex-1" />
        </div>
      </div>
    </article>
  );
}
