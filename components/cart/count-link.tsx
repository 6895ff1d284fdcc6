import type { ReactNode } from 'react';
import { Link } from '@/components/ui/link';
import { cn } from '@/lib/cn';
import { countName } from '@/lib/saved-list-labels';

/**
 * A navbar link with a count badge (the cart, the wishlist). Its accessible name carries the
 * count ('Cart, 2 items'), so the badge digits are hidden from screen readers. The first-paint
 * script (lib/browser/first-paint.ts) writes the count from storage as the page is parsed, into
 * the nodes marked `data-count-*`; React renders them empty until its store has read storage, so
 * hydration keeps what the script wrote (`suppressHydrationWarning`) and React writes a number
 * only once it knows it. A badge with no number (no script yet, or none at all) keeps its size,
 * greyed, so it never flashes a wrong count or shifts. Its colour changes with no transition:
 * animating it would run frames on the main thread as hydration ends, on every page.
 */
export function CountLink({
  href,
  list,
  label,
  count,
  icon,
  className,
}: {
  href: string;
  /** The saved list it counts, as the first-paint script names it. */
  list: 'cart' | 'wishlist';
  label: string;
  count: number | null;
  icon: ReactNode;
  className?: string;
}) {
  return (
    <Link
      href={href}
      data-count-of={list}
      data-count-label={label}
      className={cn(
        'relative inline-flex size-11 items-center justify-center rounded-full text-ink hover:bg-canvas',
        className,
      )}
    >
      {icon}
      <span className="sr-only" data-count-name suppressHydrationWarning>
        {countName(label, count)}
      </span>
      <span
        aria-hidden="true"
        data-count-badge
        suppressHydrationWarning
        className="absolute top-0.5 right-0 flex h-5 min-w-5 items-center justify-center rounded-full bg-brand px-1 text-xs leading-none font-bold text-white tabular-nums empty:bg-line"
      >
        {count ?? ''}
      </span>
    </Link>
  );
}
