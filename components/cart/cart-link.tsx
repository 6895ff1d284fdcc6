'use client';

import Link from 'next/link';
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

/** A shopping cart outline, decorative. */
export function CartIcon({
  size = 24,
  strokeWidth = 2,
  className,
}: {
  size?: number;
  strokeWidth?: number;
  className?: string;
}) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      width={size}
      height={size}
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      className={className}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <circle cx="9" cy="20" r="1.5" />
      <circle cx="18" cy="20" r="1.5" />
      <path d="M2 3h3l2.7 12.4a1.5 1.5 0 0 0 1.5 1.1h8.9a1.5 1.5 0 0 0 1.5-1.1L21.5 7H6.2" />
    </svg>
  );
}
