'use client';

import Image from 'next/image';
import { IMAGE_SIZES } from '@/config/image-variants.mjs';
import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useCart } from '@/components/cart/cart-provider';
import { LiveRegions, SavedListNotices } from '@/components/cart/saved-list-notices';
import { useAddFromAddress } from '@/components/cart/use-add-from-address';
import { Button } from '@/components/ui/button';
import { Link } from '@/components/ui/link';
import { toMinorUnits } from '@/lib/format';
import { formatPrice } from '@/lib/money';
import { courseHref, wishlistHref } from '@/lib/routes';
import type { CartItem } from '@/lib/types';
import { useWishlist } from './wishlist-provider';

/**
 * The wishlist page's body. It shows only what is true: nothing but the title until the saved
 * courses are checked against the catalogue, then their cards (each with 'Move to cart' and
 * 'Remove', buttons that exist only once they work) or the empty message with `browse`.
 */
export function WishlistView({ browse }: { browse: ReactNode }) {
  const { status, items, unverified, missing, overflow, add, remove, retry, check } = useWishlist();
  const cart = useCart();
  const [announcement, setAnnouncement] = useState('');
  const [notice, setNotice] = useState('');
  const headingRef = useRef<HTMLHeadingElement>(null);

  useLayoutEffect(check, [check]);
  useAddFromAddress(add, wishlistHref, (result) => {
    if (result === 'unknown') setNotice('That course was not found, so nothing was saved.');
    if (result === 'full') setNotice('Your wishlist is full, so nothing was saved.');
  });

  const loading = status === 'loading' || status === 'idle';
  const isEmpty = status === 'ready' && items.length === 0;

  function removeItem(item: CartItem) {
    remove(item.courseID);
    setAnnouncement(`Removed ${item.course_name} from your wishlist.`);
    headingRef.current?.focus();
  }

  function moveToCart(item: CartItem) {
    void cart.add(item.courseID).then((result) => {
      if (result === 'full' || result === 'unknown') {
        setNotice('Your cart is full, so the course stays in your wishlist.');
        return;
      }
      remove(item.courseID);
      setAnnouncement(`Moved ${item.course_name} to the cart.`);
      headingRef.current?.focus();
    });
  }

  return (
    <>
      <h1 ref={headingRef} tabIndex={-1} className="mb-6 text-3xl font-bold focus:outline-none">
        Wishlist
      </h1>
      <div className="min-h-[60vh]" aria-busy={loading}>
        {loading && (
          // Visibly pending, never a blank that looks like an empty list.
          <p role="status" className="text-ink-muted noscript:hidden">
            Loading your wishlist…
          </p>
        )}
        {!loading && (
          <SavedListNotices
            list="wishlist"
            unverified={unverified}
            missing={missing}
            overflow={overflow}
            retry={retry}
          />
        )}
        {isEmpty && (
          <div className="flex flex-col items-center gap-4 pt-[20vh] text-center">
            <p className="text-lg font-bold">Your wishlist is empty.</p>
            <p className="text-ink-muted">Save a course with its heart to find it here later.</p>
            {browse}
          </div>
        )}
        {!loading && items.length > 0 && (
          <section aria-labelledby="wishlist-count">
            <h2 id="wishlist-count" className="mb-4 font-bold">
              {items.length === 1 ? '1 course saved' : `${items.length} courses saved`}
            </h2>
            <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
              {items.map((item) => (
                <li key={item.courseID}>
                  <WishlistCard item={item} onMoveToCart={() => moveToCart(item)} onRemove={() => removeItem(item)} />
                </li>
              ))}
            </ul>
          </section>
        )}
      </div>

      <LiveRegions announcement={announcement} notice={notice} />
    </>
  );
}

function WishlistCard({
  item,
  onMoveToCart,
  onRemove,
}: {
  item: CartItem;
  onMoveToCart: () => void;
  onRemove: () => void;
}) {
  return (
    <article className="course-card">
      <Image src={item.image} alt="" width={480} height={270} sizes={IMAGE_SIZES.card} />
      <div className="card-body">
        <h3 className="card-title">
          <Link href={courseHref(item.courseID)} className="rounded hover:text-brand hover:underline">
            {item.course_name}
          </Link>
        </h3>
        <p className="card-by">{item.creator}</p>
        <p className="price">
          <span>{formatPrice(toMinorUnits(item.discounted_price))}</span>
        </p>
        <div className="card-actions">
          <Button onClick={onMoveToCart}>
            Move to cart<span className="sr-only"> {item.course_name}</span>
          </Button>
          <Button variant="secondary" onClick={onRemove}>
            Remove<span className="sr-only"> {item.course_name}</span>
          </Button>
        </div>
      </div>
    </article>
  );
}
