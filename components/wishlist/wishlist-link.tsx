'use client';

import { CountLink } from '@/components/cart/count-link';
import { wishlistHref } from '@/lib/routes';
import { useWishlist } from './wishlist-provider';

/** The navbar's wishlist link, with the number of saved courses (read from storage; nothing is fetched). */
export function WishlistLink({ className }: { className?: string }) {
  const { count } = useWishlist();
  return (
    <CountLink
      href={wishlistHref}
      list="wishlist"
      label="Wishlist"
      count={count}
      icon={<HeartIcon />}
      className={className}
    />
  );
}

function HeartIcon() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      width="24"
      height="24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinejoin="round"
    >
      <path d="M12 20.5s-7.5-4.6-9.3-9.3C1.4 7.8 3.6 4 7.2 4c2 0 3.6 1.1 4.8 2.8C13.2 5.1 14.8 4 16.8 4c3.6 0 5.8 3.8 4.5 7.2-1.8 4.7-9.3 9.3-9.3 9.3z" />
    </svg>
  );
}
