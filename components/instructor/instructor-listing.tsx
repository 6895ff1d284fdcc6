import { CardGrid } from '@/components/course/card-grid';
import { CourseCard } from '@/components/course/course-card';
import { Pagination } from '@/components/course/pagination';
import { JsonLd } from '@/components/seo/json-ld';
import { WishlistToggles } from '@/components/wishlist/wishlist-toggles';
import { getInstructorCourses, type Instructor } from '@/lib/server/catalogue';
import { formatCount } from '@/lib/format';
import { pageCount, pageItems, PAGE_SIZE } from '@/lib/pagination';
import { instructorListingHref } from '@/lib/routes';
import { instructorJsonLd } from '@/lib/server/seo';
import { InstructorProfile } from './instructor-profile';

/**
 * /instructors/{slug}/: who teaches (photo or monogram, headline, totals, bio), then their
 * courses as the usual cards, in catalogue order, 24 a page.
 */
export function InstructorListing({ instructor, page }: { instructor: Instructor; page: number }) {
  const all = getInstructorCourses(instructor.slug);
  const courses = pageItems(all, page);
  const pages = pageCount(all.length);
  const offset = (page - 1) * PAGE_SIZE;
  return (
    <div className="mx-auto max-w-page px-4 py-8 sm:px-6 sm:py-10">
      <JsonLd data={instructorJsonLd(instructor, courses, page)} />
      <WishlistToggles />
      <p className="text-sm font-bold tracking-wide text-brand uppercase">Instructor</p>
      <div className="mt-2 max-w-3xl">
        <InstructorProfile instructor={instructor} />
      </div>
      <h2 className="mt-10 text-2xl font-extrabold">
        Courses ({formatCount(all.length)})
        {pages > 1 && (
          <span className="ml-2 text-base font-normal text-ink-muted">
            Showing {formatCount(offset + 1)}–{formatCount(offset + courses.length)}
          </span>
        )}
      </h2>
      <CardGrid className="mt-5">
        {courses.map((course, index) => (
          <li key={course.id}>
            <CourseCard course={course} headingLevel={3} preloadImage={index === 0} yieldImage={index > 0} />
          </li>
        ))}
      </CardGrid>
      <Pagination className="mt-10" page={page} pages={pages} href={(n) => instructorListingHref(instructor.slug, n)} />
    </div>
  );
}
