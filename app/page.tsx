import { CategoryPanel } from '@/components/home/category-panel';
import { CategoryTabs } from '@/components/home/category-tabs';
import { CategoryTiles } from '@/components/home/category-tiles';
import { HeroBanner } from '@/components/home/hero-banner';
import { getCategories, getCategoryLabel } from '@/lib/server/catalogue';
import { homeHref } from '@/lib/routes';
import { pageMetadata } from '@/lib/server/seo';
import { siteDescription } from '@/lib/server/site';

export const metadata = pageMetadata({ description: siteDescription, path: homeHref });

export default function HomePage() {
  const categories = getCategories();
  const tabs = categories.map((category) => ({
    category,
    label: getCategoryLabel(category),
    panel: <CategoryPanel category={category} />,
  }));

  return (
    <>
      <HeroBanner />
      <section aria-labelledby="selection-title" className="mx-auto max-w-page px-4 py-10 sm:px-6">
        <h2 id="selection-title" className="text-2xl font-extrabold sm:text-3xl">
          A broad selection of courses
        </h2>
        <p className="mt-2 mb-6 text-ink-muted">
          Choose from online video courses with new additions published every month.
        </p>
        <CategoryTabs tabs={tabs} label="Course categories" />
      </section>
      <section aria-labelledby="categories-title" className="mx-auto max-w-page px-4 pb-14 sm:px-6">
        <h2 id="categories-title" className="mb-6 text-2xl font-extrabold sm:text-3xl">
          Top Categories
        </h2>
        <CategoryTiles categories={categories} />
      </section>
    </>
  );
}
