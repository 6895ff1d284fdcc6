import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { CategoryListing, categoryPageCount } from '@/components/course/category-listing';
import { getCategories, getCoursesByCategory, isCategory } from '@/lib/server/catalogue';
import { listingSegments, parseListingSegments } from '@/lib/routes';
import { categoryMetadata } from '@/lib/server/seo';
import { DEFAULT_SORT, SORT_OPTIONS } from '@/lib/sort';

export const dynamicParams = false;

/**
 * Every (order, page) of every category: /category/{c}/, …/page/{n}/, …/sort/{key}/ and
 * …/sort/{key}/page/{n}/ (lib/routes.ts). Anything else, such as a page past the end, is a 404.
 */
export function generateStaticParams() {
  return getCategories().flatMap((category) => {
    const sorts = getCoursesByCategory(category).length === 0 ? [DEFAULT_SORT] : SORT_OPTIONS.map((o) => o.value);
    const pages = Array.from({ length: categoryPageCount(category) }, (_, index) => index + 1);
    return sorts.flatMap((sort) => pages.map((page) => ({ category, view: listingSegments({ sort, page }) })));
  });
}

type Props = { params: Promise<{ category: string; view?: string[] }> };

/** The category (its segment arrives percent-encoded: 'web%20development') and the view. */
async function listingFrom(params: Props['params']) {
  const { category: segment, view: segments } = await params;
  const category = decodeURIComponent(segment);
  const view = parseListingSegments(segments);
  if (!isCategory(category) || !view || view.page > categoryPageCount(category)) return undefined;
  return { category, view };
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const listing = await listingFrom(params);
  return listing ? categoryMetadata(listing.category, listing.view) : {};
}

export default async function CategoryPage({ params }: Props) {
  const listing = await listingFrom(params);
  if (!listing) notFound();
  return <CategoryListing category={listing.category} view={listing.view} />;
}
