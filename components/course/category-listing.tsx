import { WishlistToggles } from '@/components/wishlist/wishlist-toggles';
import { JsonLd } from '@/components/seo/json-ld';
import { getCategoryLabel, getCoursesByCategory } from '@/lib/server/catalogue';
import { formatCount } from '@/lib/format';
import { pageCount, pageItems, PAGE_SIZE } from '@/lib/pagination';
import { categoryListingHref, type ListingView } from '@/lib/routes';
import { categoryJsonLd } from '@/lib/server/seo';
import { sortCourses } from '@/lib/sort';
import type { Category } from '@/lib/types';
import { CardGrid } from './card-grid';
import { CourseCard } from './course-card';
import { CourseGrid } from './course-grid';
import { FilterableListing } from './filterable-listing';
import { Pagination } from './pagination';
import { SortSelect } from './sort-select';

/** The number of pages of a category listing, the same in every order. */
export function categoryPageCount(category: Category): number {
  return pageCount(getCoursesByCategory(category).length);
}

/**
 * One page of a category: the whole category in the view's order, cut to its page. Every
 * (order, page) is pre-rendered, so the HTML is already what the page shows, and a page
 * carries its own cards and nothing about the others.
 */
export function CategoryListing({ category, view }: { category: Category; view: ListingView }) {
  const all = getCoursesByCategory(category);
  const label = getCategoryLabel(category);
  const offset = (view.page - 1) * PAGE_SIZE;
  const courses = pageItems(sortCourses(all, view.sort), view.page);
  const pages = pageCount(all.length);

  return (
    <div className="mx-auto max-w-page px-4 py-8 sm:px-6 sm:py-10">
      <JsonLd data={categoryJsonLd(category, courses, { view, offset })} />
      <WishlistToggles />
      <p className="text-sm font-bold tracking-wide text-brand uppercase">Category</p>
      <h1 className="mt-1 text-3xl font-extrabold wrap-anywhere sm:text-4xl">{label} courses</h1>
      {all.length === 0 ? (
        <CourseGrid courses={courses} headingLevel={2} />
      ) : (
        <FilterableListing
          category={category}
          sort={view.sort}
          sortControl={<SortSelect category={category} sort={view.sort} />}
          summary={
            <>
              {formatCount(all.length)} {all.length === 1 ? 'course' : 'courses'} to get you started.
              {pages > 1 && (
                <>
                  {' '}
                  Showing {formatCount(offset + 1)}–{formatCount(offset + courses.length)}.
                </>
              )}
            </>
          }
        >
          <CardGrid>
            {courses.map((course, index) => (
              <li key={course.id}>
                <CourseCard
                  course={course}
                  headingLevel={2}
                  preloadImage={index === 0}
                  yieldImage={index > 0}
                  besideFilters
                />
              </li>
            ))}
          </CardGrid>
          <Pagination
            className="mt-10"
            page={view.page}
            pages={pages}
            href={(page) => categoryListingHref(category, { sort: view.sort, page })}
          />
        </FilterableListing>
      )}
    </div>
  );
}
