import type { ReactNode } from 'react';
import { Link } from '@/components/ui/link';
import { cn } from '@/lib/cn';

/**
 * A navbar link with a count badge (the cart, the wishlist). Its accessible name carries the
 * count ('Cart, 2 items'), so the badge digits are hidden from screen readers. The badge keeps
 * its size while the count is still unknown and shows no number, so it never flashes a wrong
 * count or shifts. Its colour changes once, when the page has read the count, with no transition:
 * animating it would run frames and events on the main thread as hydration ends, on every page.
 */
export function CountLink({
  href,
  label,
  count,
  icon,
  className,
}: {
  href: string;
  label: string;
  count: number | null;
  icon: ReactNode;
  className?: string;
}) {
  return (
    <Link
      href={href}
      className={cn(
        'relative inline-flex size-11 items-center justify-center rounded-full text-ink hover:bg-canvas',
        className,
      )}
    >
      {icon}
      <span className="sr-only">{count === null ? label : `${label}, ${count} ${count === 1 ? 'item' : 'items'}`}</span>
      <span
        aria-hidden="true"
        className={cn(
          'absolute top-0.5 right-0 flex h-5 min-w-5 items-center justify-center rounded-full px-1 text-xs leading-none font-bold tabular-nums',
          count === null ? 'bg-line' : 'bg-brand text-white',
        )}
      >
        {count}
      </span>
    </Link>
  );
}
