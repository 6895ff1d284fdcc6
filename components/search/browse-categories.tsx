import Link from 'next/link';
import { getCategories, getCategoryLabel } from '@/lib/catalogue';
import { categoryHref } from '@/lib/routes';

/** Every category as a pill link: the way on when a search finds nothing or has no query. */
export function BrowseCategories() {
  return (
    <nav aria-label="Browse categories">
      <ul className="flex flex-wrap gap-2">
        {getCategories().map((category) => (
          <li key={category}>
            <Link
              href={categoryHref(category)}
              className="inline-flex min-h-10 items-center rounded-full border border-line px-4 text-sm font-bold hover:border-ink"
            >
              {getCategoryLabel(category)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
