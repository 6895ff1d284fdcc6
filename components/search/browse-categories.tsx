import { Link } from '@/components/ui/link';
import { getCategories, getCategoryLabel } from '@/lib/server/catalogue';
import { cn } from '@/lib/cn';
import { categoryHref } from '@/lib/routes';
import { ParsedEnd } from '@/components/ui/parsed-end';

/**
 * Every category as a pill link: the way on from an empty search, a page that isn't there or
 * the offline page (which passes `prefetch={false}`: there is no network to prefetch from).
 */
export function BrowseCategories({
  label = 'Browse categories',
  prefetch,
  className,
}: {
  label?: string;
  prefetch?: false;
  className?: string;
}) {
  return (
    <nav aria-label={label}>
      {/* Centred on some pages: shown once every pill is parsed (app/globals.css, .shown-once-parsed). */}
      <ul className={cn('shown-once-parsed flex flex-wrap gap-2', className)}>
        {getCategories().map((category) => (
          <li key={category}>
            <Link
              href={categoryHref(category)}
              prefetch={prefetch}
              className="inline-flex min-h-10 items-center rounded-full border border-line px-4 text-sm font-bold hover:border-ink"
            >
              {getCategoryLabel(category)}
            </Link>
          </li>
        ))}
        <ParsedEnd as="li" />
      </ul>
    </nav>
  );
}
