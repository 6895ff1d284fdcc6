'use client';

import { Link } from '@/components/ui/link';
import { CartIcon } from '@/components/ui/icons';
import { cn } from '@/lib/cn';
import { cartHref } from '@/lib/routes';
import { useCart } from './cart-provider';

/**
 * The navbar's cart link. Its accessible name carries the count ('Cart, 2 items'), so the
 * badge digits are hidden from screen readers. The badge keeps its size while the saved cart
 * is still unknown and shows no number, so it never flashes a wrong count or shifts.
 */
export function CartLink({ className }: { className?: string }) {
  const { status, state } = useCart();
  const count = status === 'ready' ? state.total_items : null;

  return (
    <Link
      href={cartHref}
      className={cn(
        'relative inline-flex size-11 items-center justify-center rounded-full text-ink hover:bg-canvas',
        className,
      )}
    >
      <CartIcon />
      <span className="sr-only">{count === null ? 'Cart' : `Cart, ${count} ${count === 1 ? 'item' : 'items'}`}</span>
      <span
        aria-hidden="true"
        className={cn(
          'absolute top-0.5 right-0 flex h-5 min-w-5 items-center justify-center rounded-full px-1 text-xs leading-none font-bold tabular-nums transition-colors',
          count === null ? 'bg-line' : 'bg-brand text-white',
        )}
      >
        {count}
      </span>
    </Link>
  );
}
