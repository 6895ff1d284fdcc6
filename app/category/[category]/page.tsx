import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { CourseCard } from '@/components/course/course-card';
import { CourseGrid } from '@/components/course/course-grid';
import { SortableCourseGrid } from '@/components/course/sortable-course-grid';
import { JsonLd } from '@/components/seo/json-ld';
import { getCategories, getCategoryLabel, getCoursesByCategory, isCategory } from '@/lib/catalogue';
import { formatCount } from '@/lib/format';
import { categoryHref } from '@/lib/routes';
import { categoryJsonLd, pageMetadata } from '@/lib/seo';

export const dynamicParams = false;

export function generateStaticParams() {
  return getCategories().map((category) => ({ category }));
}

type Props = { params: Promise<{ category: string }> };

/** The segment arrives percent-encoded ('web%20development'). */
async function categoryFrom(params: Props['params']) {
  const category = decodeURIComponent((await params).category);
  return isCategory(category) ? category : undefined;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const category = await categoryFrom(params);
  if (!category) return {};
  const label = getCategoryLabel(category);
  return pageMetadata({
    title: `${label} courses`,
    description: `Online ${label} video courses: compare ratings, students and prices, and add a course to your cart.`,
    path: categoryHref(category),
  });
}

export default async function CategoryPage({ params }: Props) {
  const category = await categoryFrom(params);
  if (!category) notFound();
  const courses = getCoursesByCategory(category);
  const label = getCategoryLabel(category);

  return (
    <div className="mx-auto max-w-page px-4 py-8 sm:px-6 sm:py-10">
      <JsonLd data={categoryJsonLd(category, courses)} />
      <p className="text-sm font-bold tracking-wide text-brand uppercase">Category</p>
      <h1 className="mt-1 text-3xl font-extrabold sm:text-4xl">{label} courses</h1>
      {courses.length === 0 ? (
        <CourseGrid courses={courses} headingLevel={2} />
      ) : (
        <SortableCourseGrid
          className="mt-2"
          summary={
            <p className="text-ink-muted">
              {formatCount(courses.length)} {courses.length === 1 ? 'course' : 'courses'} to get you started.
            </p>
          }
          items={courses.map((course, index) => ({
            id: course.id,
            students: course.students,
            rating_star: course.rating_star,
            updated_date: course.updated_date,
            discounted_price: course.discounted_price,
            card: <CourseCard course={course} headingLevel={2} preloadImage={index === 0} />,
          }))}
        />
      )}
    </div>
  );
}
