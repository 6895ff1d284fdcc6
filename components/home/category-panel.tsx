import { Link } from '@/components/ui/link';
import { CourseGrid } from '@/components/course/course-grid';
import { getCategoryLabel, getCoursesByCategory } from '@/lib/server/catalogue';
import { formatCount } from '@/lib/format';
import { HOME_TAB_SIZE } from '@/lib/pagination';
import { categoryHref } from '@/lib/routes';
import type { Category } from '@/lib/types';
import { ParsedEnd } from '@/components/ui/parsed-end';

/**
 * A home tab's panel: the category's first courses, at most HOME_TAB_SIZE of them, and a
 * link to the rest. Every panel is in the home page's HTML, so its size is bounded here.
 */
export function CategoryPanel({ category }: { category: Category }) {
  const label = getCategoryLabel(category);
  const courses = getCoursesByCategory(category);
  // Shown once its text is parsed (app/globals.css, .shown-once-parsed): right-aligned or centred,
  // a link whose text arrives in pieces would grow to the left as the rest of it comes.
  const linkClass =
    'shown-once-parsed inline-flex min-h-10 items-center rounded border border-ink px-4 text-sm font-bold hover:bg-canvas';
  return (
    <>
      <div className="mb-5 flex flex-wrap items-end justify-between gap-3">
        <p className="max-w-2xl text-ink-muted">
          Hands-on {label} courses from working practitioners, with projects you can show.
        </p>
        <Link href={categoryHref(category)} className={linkClass}>
          {`Explore ${label} courses`}
          <ParsedEnd />
        </Link>
      </div>
      <CourseGrid courses={courses.slice(0, HOME_TAB_SIZE)} headingLevel={3} />
      {courses.length > HOME_TAB_SIZE && (
        <p className="mt-8 text-center">
          <Link href={categoryHref(category)} className={linkClass}>
            {`See all ${formatCount(courses.length)} ${label} courses`}
            <ParsedEnd />
          </Link>
        </p>
      )}
    </>
  );
}
