import { Link } from '@/components/ui/link';
import { getCategories, getCategoryLabel } from '@/lib/catalogue';
import { cn } from '@/lib/cn';
import { categoryHref } from '@/lib/routes';

/** Every category as a pill link: the way on from an empty search or a page that isn't there. */
export function BrowseCategories({ className }: { className?: string }) {
  return (
    <nav aria-label="Browse categories">
      <ul className={cn('flex flex-wrap gap-2', className)}>
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
