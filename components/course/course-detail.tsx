import { WishlistToggles } from '@/components/wishlist/wishlist-toggles';
import { StaticImage } from '@/components/ui/static-image';
import { IMAGE_SIZES } from '@/config/image-variants.mjs';
import { Link } from '@/components/ui/link';
import { AddToCartButton } from '@/components/cart/add-to-cart-button';
import { WishlistToggle } from '@/components/wishlist/wishlist-toggle';
import { InstructorProfile } from '@/components/instructor/instructor-profile';
import { CaptionsIcon, CheckIcon, ClockIcon, GlobeIcon, LevelIcon, PlayIcon } from '@/components/ui/icons';
import { getCategoryLabel, getCourseInstructor, getCoursesByCategory, getReviews } from '@/lib/server/catalogue';
import { formatDuration, summarizeCurriculum } from '@/lib/curriculum';
import { formatCount, formatLanguages, toMinorUnits } from '@/lib/format';
import { savingText } from '@/lib/money';
import { relatedCourses } from '@/lib/related';
import { couponsEnabled } from '@/lib/coupons';
import { categoryHref, instructorHref } from '@/lib/routes';
import type { Course } from '@/lib/types';
import { CourseCurriculum } from './course-curriculum';
import { CourseGrid } from './course-grid';
import { CoursePreview } from './course-preview';
import { CouponSaving } from './coupon-price';
import { CoursePrice } from './course-price';
import { StarRating } from './star-rating';
import { StudentFeedback } from './student-feedback';

const RELATED_COUNT = 4;

/*
 * Text that joins a value and words is one template string, not JSX text beside an expression:
 * React writes a <!-- --> between adjacent text nodes into the HTML, and this page's first screen is
 * held to a connection's first round trip (docs/performance.md, 'Figures behind the code').
 */

/*
 * 'Buy now' hands this one course off, the cart left as it is: only in a build that sells
 * (CHECKOUT_PROVIDER, folded in at compile time). With none this is dead code, dropped with its
 * import, so the page is what it was.
 */
const BuyNow =
  __CHECKOUT_PROVIDER__ === 'none'
    ? null
    : async function BuyNow({ courseId }: { courseId: string }) {
        const { CheckoutButton } = await import('@/components/cart/checkout-button');
        return <CheckoutButton courseIds={[courseId]} label="Buy now" variant="secondary" className="mt-2" />;
      };

/*
 * The buyer's local price under the shop's (PADDLE_LOCAL_PRICES, a Paddle build's only), in the
 * 'Buy now' branch: without the setting this is dead code, dropped with its import.
 */
const LocalPrice = __PADDLE_LOCAL_PRICES__
  ? async function LocalPrice({ courseId }: { courseId: string }) {
      const { CourseLocalPrice } = await import('./local-price');
      return <CourseLocalPrice courseId={courseId} className="mt-1" />;
    }
  : null;

/**
 * A course's page: the header and the purchase box, then what it teaches, its content, its
 * instructor and its students' feedback, and 'More in {category}': up to four other courses of its
 * category as cards. What a new connection's first round trip must carry is the page up to its
 * first screen (scripts/check/first-round-trip.mjs); the sections below it arrive while that paints.
 */
export function CourseDetail({ course }: { course: Course }) {
  const related = relatedCourses(course, getCoursesByCategory(course.category), RELATED_COUNT);
  const categoryLabel = getCategoryLabel(course.category);
  const instructor = getCourseInstructor(course);
  const summary = summarizeCurriculum(course.content);
  const savingClass = 'mt-1 text-sm font-bold text-ink-muted';

  return (
    <>
      <WishlistToggles />
      <div data-surface="dark" className="bg-ink text-white">
        <div className="mx-auto grid max-w-page gap-8 px-4 py-8 wrap-anywhere sm:px-6 lg:grid-cols-[1fr_340px] lg:py-12">
          <div className="max-w-3xl">
            <Link
              href={categoryHref(course.category)}
              className="inline-flex min-h-6 items-center text-sm font-bold tracking-wide text-violet-300 uppercase hover:underline"
            >
              {categoryLabel}
            </Link>
            <h1 className="mt-2 text-3xl leading-tight font-extrabold sm:text-4xl">{course.course_name}</h1>
            <p className="mt-4 text-lg text-white/90">{course.description}</p>
            <p className="mt-4 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
              <StarRating rating={course.rating_star} tone="dark" />
              <span className="text-white/90">{`(${formatCount(course.rating_count)} ratings)`}</span>
              <span>{`${formatCount(course.students)} students`}</span>
            </p>
            <p className="mt-3 text-sm">
              {'Created by '}
              <Link href={instructorHref(instructor.slug)} className="rounded font-bold text-violet-200 underline">
                {course.creator}
              </Link>
            </p>
            <ul className="mt-3 flex flex-wrap gap-x-5 gap-y-2 text-sm text-white/90">
              <li className="flex items-center gap-1.5">
                <ClockIcon size={16} className="shrink-0" />
                {`Last updated ${course.updated_date}`}
              </li>
              <li className="flex items-center gap-1.5">
                <GlobeIcon size={16} className="shrink-0" />
                <span className="sr-only">Language: </span>
                {formatLanguages(course.lang)}
              </li>
              <li className="flex items-center gap-1.5">
                <CaptionsIcon size={16} className="shrink-0" />
                <span className="sr-only">Captions: </span>
                {`${formatLanguages(course.lang)} [Auto]`}
              </li>
              {course.level && (
                <li className="flex items-center gap-1.5">
                  <LevelIcon size={16} className="shrink-0" />
                  <span className="sr-only">Level: </span>
                  {course.level}
                </li>
              )}
              {summary && (
                <li className="flex items-center gap-1.5">
                  <PlayIcon size={16} className="shrink-0" />
                  {`${formatDuration(summary.minutes)} total length`}
                </li>
              )}
            </ul>
          </div>

          <aside aria-label="Purchase" className="self-start overflow-hidden rounded-lg bg-white text-ink shadow-xl">
            <div className="relative">
              <StaticImage
                src={course.image}
                alt={`Cover of ${course.course_name}`}
                width={480}
                height={270}
                sizes={IMAGE_SIZES.detail}
                preload
                className="aspect-video w-full object-cover"
              />
              {course.preview && <CoursePreview preview={course.preview} courseName={course.course_name} />}
            </div>
            <div className="p-5">
              <CoursePrice
                courseId={course.id}
                price={course.discounted_price}
                originalPrice={course.actual_price}
                size="lg"
              />
              {couponsEnabled ? (
                <CouponSaving
                  courseId={course.id}
                  price={toMinorUnits(course.discounted_price)}
                  originalPrice={toMinorUnits(course.actual_price)}
                  className={savingClass}
                />
              ) : (
                <p className={savingClass}>
                  {savingText(toMinorUnits(course.actual_price), toMinorUnits(course.discounted_price))}
                </p>
              )}
              {BuyNow ? (
                <>
                  {LocalPrice && <LocalPrice courseId={course.id} />}
                  <AddToCartButton courseId={course.id} className="mt-4 w-full" />
                  <BuyNow courseId={course.id} />
                </>
              ) : (
                <AddToCartButton courseId={course.id} className="mt-4 w-full" />
              )}
              <WishlistToggle id={course.id} name={course.course_name} withText className="mt-2" />
              <p className="mt-3 text-center text-xs text-ink-muted">Full lifetime access · Learn at your own pace</p>
            </div>
          </aside>
        </div>
      </div>

      <div className="mx-auto grid max-w-page gap-10 px-4 py-10 wrap-anywhere sm:px-6 lg:grid-cols-[1fr_340px]">
        <div className="flex max-w-3xl flex-col gap-10">
          <section aria-labelledby="learn-title" className="rounded-lg border border-line p-6">
            <h2 id="learn-title" className="text-2xl font-extrabold">
              What you&apos;ll learn
            </h2>
            <ul className="mt-4 grid gap-3 md:grid-cols-2">
              {course.what_you_will_learn.map((item) => (
                <li key={item} className="flex gap-3 text-sm">
                  <CheckIcon size={18} strokeWidth={2.5} className="mt-0.5 shrink-0 text-brand" />
                  {item}
                </li>
              ))}
            </ul>
          </section>

          <CourseCurriculum content={course.content} />

          <section aria-labelledby="instructor-title">
            <h2 id="instructor-title" className="mb-4 text-2xl font-extrabold">
              Instructor
            </h2>
            <InstructorProfile instructor={instructor} heading="h3" />
          </section>

          <StudentFeedback course={course} reviews={getReviews(course.id)} />
        </div>
      </div>

      {related.length > 0 && (
        <section aria-labelledby="related-title" className="mx-auto max-w-page px-4 pb-14 sm:px-6">
          <h2 id="related-title" className="mb-6 text-2xl font-extrabold">
            {`More in ${categoryLabel}`}
          </h2>
          <CourseGrid courses={related} headingLevel={3} />
        </section>
      )}
    </>
  );
}
