import Image from 'next/image';
import Link from 'next/link';
import { AddToCartButton } from '@/components/cart/add-to-cart-button';
import { getCategoryLabel, getCoursesByCategory } from '@/lib/catalogue';
import { formatCount, formatLanguages, formatPrice, toCents } from '@/lib/format';
import { assetPath, categoryHref } from '@/lib/routes';
import type { Course } from '@/lib/types';
import { CourseGrid } from './course-grid';
import { CoursePrice } from './course-price';
import { StarRating } from './star-rating';

const RELATED_COUNT = 4;

export function CourseDetail({ course }: { course: Course }) {
  const related = getCoursesByCategory(course.category)
    .filter((other) => other.id !== course.id)
    .slice(0, RELATED_COUNT);
  const categoryLabel = getCategoryLabel(course.category);
  const savedPercent = Math.round((1 - toCents(course.discounted_price) / toCents(course.actual_price)) * 100);

  return (
    <>
      <div data-surface="dark" className="bg-ink text-white">
        <div className="mx-auto grid max-w-page gap-8 px-4 py-8 sm:px-6 lg:grid-cols-[1fr_340px] lg:py-12">
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
              <span className="text-white/90">({formatCount(course.rating_count)} ratings)</span>
              <span>{formatCount(course.students)} students</span>
            </p>
            <p className="mt-3 text-sm">
              Created by <span className="font-bold text-violet-200">{course.creator}</span>
            </p>
            <ul className="mt-3 flex flex-wrap gap-x-5 gap-y-2 text-sm text-white/90">
              <li className="flex items-center gap-1.5">
                <MetaIcon path="M12 7v5l3 2M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18z" />
                Last updated {course.updated_date}
              </li>
              <li className="flex items-center gap-1.5">
                <MetaIcon path="M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM3 12h18M12 3c2.5 2.6 3.8 5.6 3.8 9s-1.3 6.4-3.8 9c-2.5-2.6-3.8-5.6-3.8-9S9.5 5.6 12 3z" />
                <span className="sr-only">Language: </span>
                {formatLanguages(course.lang)}
              </li>
              <li className="flex items-center gap-1.5">
                <MetaIcon path="M4 6h16v12H4zM10 10.5a2 2 0 1 0 0 3M16 10.5a2 2 0 1 0 0 3" />
                <span className="sr-only">Captions: </span>
                {formatLanguages(course.lang)} [Auto]
              </li>
            </ul>
          </div>

          <aside aria-label="Purchase" className="self-start overflow-hidden rounded-lg bg-white text-ink shadow-xl lg:row-span-2">
            <Image
              src={assetPath(course.image)}
              alt={`Cover of ${course.course_name}`}
              width={480}
              height={270}
              preload
              className="aspect-video w-full object-cover"
            />
            <div className="p-5">
              <CoursePrice price={course.discounted_price} originalPrice={course.actual_price} size="lg" />
              <p className="mt-1 text-sm font-bold text-ink-muted">
                {savedPercent}% off, you save {formatPrice(toCents(course.actual_price) - toCents(course.discounted_price))}
              </p>
              <AddToCartButton courseId={course.id} className="mt-4 w-full" />
              <p className="mt-3 text-center text-xs text-ink-muted">Full lifetime access · Learn at your own pace</p>
            </div>
          </aside>
        </div>
      </div>

      <div className="mx-auto grid max-w-page gap-10 px-4 py-10 sm:px-6 lg:grid-cols-[1fr_340px]">
        <div className="flex max-w-3xl flex-col gap-10">
          <section aria-labelledby="learn-title" className="rounded-lg border border-line p-6">
            <h2 id="learn-title" className="text-2xl font-extrabold">
              What you&rsquo;ll learn
            </h2>
            <ul className="mt-4 grid gap-3 md:grid-cols-2">
              {course.what_you_will_learn.map((item) => (
                <li key={item} className="flex gap-3 text-sm">
                  <CheckIcon />
                  {item}
                </li>
              ))}
            </ul>
          </section>

          <section aria-labelledby="content-title">
            <h2 id="content-title" className="text-2xl font-extrabold">
              Course content
            </h2>
            <p className="mt-1 text-sm text-ink-muted">{course.content.length} sections</p>
            <ol className="mt-4 divide-y divide-line overflow-hidden rounded-lg border border-line">
              {course.content.map((section, index) => (
                <li key={section} className="flex items-center gap-4 bg-canvas px-5 py-4 text-sm font-bold">
                  <span className="w-20 shrink-0 font-normal text-ink-muted">Section {index + 1}</span>
                  <span>{section}</span>
                </li>
              ))}
            </ol>
          </section>
        </div>
      </div>

      {related.length > 0 && (
        <section aria-labelledby="related-title" className="mx-auto max-w-page px-4 pb-14 sm:px-6">
          <h2 id="related-title" className="mb-6 text-2xl font-extrabold">
            More in {categoryLabel}
          </h2>
          <CourseGrid courses={related} headingLevel={3} />
        </section>
      )}
    </>
  );
}

function MetaIcon({ path }: { path: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" width="16" height="16" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" className="shrink-0">
      <path d={path} />
    </svg>
  );
}

function CheckIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" className="mt-0.5 shrink-0 text-brand">
      <path d="M5 12.5l4.5 4.5L19 7.5" />
    </svg>
  );
}
