'use client';

import Image from 'next/image';
import { Link } from '@/components/ui/link';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { formatPrice, toCents } from '@/lib/format';
import { cn } from '@/lib/cn';
import { ADD_TO_CART_PARAM, assetPath, basePath, cartHref, courseHref } from '@/lib/routes';
import type { CartItem } from '@/lib/types';
import { CartIcon } from '@/components/ui/icons';
import { useCart } from './cart-provider';

/** Keeps the footer below the fold while the saved cart loads, so that whatever it turns out to be, nothing visible shifts. */
const bodyMinHeight = 'min-h-[70vh]';

/**
 * The cart page (SPEC §2). Until the cart is checked it shows only what is already true: the
 * page's inline script (app/cart/page.tsx) marks the wrapper `data-cart="empty"` when nothing
 * is saved, so the empty message is the first paint; otherwise the title and an empty box the
 * size of the body. Neither the empty message nor items appear before they are true, and the
 * body keeps its height, so the footer never moves.
 */
export function CartView() {
  const { status, state, unverified, add, remove, clear, retry } = useCart();
  const [announcement, setAnnouncement] = useState('');
  const [notice, setNotice] = useState('');
  const headingRef = useRef<HTMLHeadingElement>(null);
  const removeButtons = useRef(new Map<string, HTMLButtonElement>());
  // After a removal, focus moves to a neighbour's 'Remove' (or the heading) instead of being lost.
  const pendingFocus = useRef<string | 'heading' | null>(null);

  // A layout effect, so that on a client-side arrival the cart is 'loading' before the first paint.
  useLayoutEffect(() => {
    const courseId = new URLSearchParams(window.location.search).get(ADD_TO_CART_PARAM);
    if (courseId === null) return;
    void add(courseId).then((result) => {
      // Only now: a reload while the course is being checked still adds it.
      window.history.replaceState(null, '', `${basePath}${cartHref}`);
      if (result === 'unknown') setNotice('That course was not found, so nothing was added.');
    });
  }, [add]);

  useEffect(() => {
    const target = pendingFocus.current;
    if (target === null) return;
    pendingFocus.current = null;
    (target === 'heading' ? headingRef.current : removeButtons.current.get(target))?.focus();
  }, [state.cart]);

  const loading = status === 'loading';
  const hasItems = !loading && state.total_items > 0;
  const isEmpty = status === 'ready' && state.total_items === 0;

  function removeItem(item: CartItem, position: number) {
    const neighbour = state.cart[position + 1] ?? state.cart[position - 1];
    pendingFocus.current = neighbour ? neighbour.courseID : 'heading';
    setAnnouncement(`Removed ${item.course_name} from the cart.`);
    remove(item.courseID);
  }

  function clearAll() {
    pendingFocus.current = 'heading';
    setAnnouncement('Cart cleared.');
    clear();
  }

  return (
    <>
      <h1
        ref={headingRef}
        tabIndex={-1}
        className={cn(
          'mb-6 text-3xl font-bold',
          isEmpty && 'sr-only',
          loading && 'group-data-[cart=empty]/cart:sr-only',
        )}
      >
        Shopping Cart
      </h1>

      <div
        className={cn(
          bodyMinHeight,
          // Top-aligned, padded to sit where centring would put it (icon 3.5rem + gap 1rem + text
          // 1.75rem): centred content moves when the browser paints the icon before the text has
          // been parsed, a layout shift on a slow connection.
          'flex-col items-center gap-4 pt-[calc(35vh-3.125rem)] text-center',
          isEmpty ? 'flex' : 'hidden',
          loading && 'group-data-[cart=empty]/cart:flex',
        )}
      >
        <CartIcon size={56} strokeWidth={1.5} className="text-ink-soft" />
        <p className="text-lg font-bold">No items found in the cart.</p>
      </div>

      {loading && <div aria-busy="true" className={cn(bodyMinHeight, 'group-data-[cart=empty]/cart:hidden')} />}

      {!loading && !isEmpty && (
        <div className={bodyMinHeight}>
          {status === 'unverified' && (
            <div
              role="status"
              className="mb-6 flex flex-wrap items-center gap-x-4 gap-y-2 rounded border border-line bg-canvas p-4"
            >
              <p className="flex-1">
                {unverified === 1 ? '1 course' : `${unverified} courses`} in your cart could not be loaded. It stays
                saved; check your connection.
              </p>
              <Button variant="secondary" onClick={retry}>
                Try again
              </Button>
            </div>
          )}

          {hasItems && (
            <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start">
              <section aria-labelledby="cart-count">
                <div className="flex items-center justify-between gap-4 border-b border-line pb-3">
                  <h2 id="cart-count" className="font-bold">
                    {state.total_items} Course in Cart
                  </h2>
                  <Button variant="ghost" onClick={clearAll} className="-mr-2 px-2">
                    Clear All
                  </Button>
                </div>
                <ul className="divide-y divide-line border-b border-line">
                  {state.cart.map((item, position) => (
                    <CartRow
                      key={item.courseID}
                      item={item}
                      onRemove={() => removeItem(item, position)}
                      removeRef={(button) => {
                        removeButtons.current.set(item.courseID, button);
                        return () => {
                          removeButtons.current.delete(item.courseID);
                        };
                      }}
                    />
                  ))}
                </ul>
              </section>

              {status === 'ready' && (
                <section
                  aria-label="Order summary"
                  className="rounded-lg border border-line p-6 shadow-sm lg:sticky lg:top-24"
                >
                  <p className="flex items-baseline justify-between gap-4">
                    <span className="font-bold text-ink-muted">Total:</span>{' '}
                    <span className="text-3xl font-bold">{formatPrice(state.total_amount)}</span>
                  </p>
                  <Button size="lg" className="mt-6 w-full">
                    Checkout
                  </Button>
                </section>
              )}
            </div>
          )}
        </div>
      )}

      <p role="status" className="sr-only">
        {announcement}
      </p>
      {/* Fixed, so that it shifts nothing when it appears. */}
      <p
        role="status"
        className="fixed inset-x-4 bottom-4 z-20 mx-auto max-w-md rounded border border-line bg-white px-4 py-3 text-center text-sm font-bold text-ink shadow-lg empty:hidden"
      >
        {notice}
      </p>
    </>
  );
}

function CartRow({
  item,
  onRemove,
  removeRef,
}: {
  item: CartItem;
  onRemove: () => void;
  removeRef: (button: HTMLButtonElement) => () => void;
}) {
  return (
    <li className="flex gap-4 py-5">
      {/* The name is right beside the image, so the image is decorative. */}
      <Image
        src={assetPath(item.image)}
        alt=""
        width={240}
        height={135}
        className="aspect-video w-24 shrink-0 self-start rounded border border-line object-cover sm:w-40"
      />
      <div className="flex min-w-0 flex-1 flex-col gap-2 sm:flex-row sm:gap-6">
        <div className="min-w-0 flex-1">
          <h3 className="leading-snug font-bold">
            <Link href={courseHref(item.courseID)} className="rounded hover:text-brand hover:underline">
              {item.course_name}
            </Link>
          </h3>
          <p className="mt-1 text-sm text-ink-muted">By {item.creator}</p>
          <p className="mt-2">
            <span className="sr-only">Category: </span>
            <span className="inline-block rounded bg-brand-light px-2 py-0.5 text-xs font-bold tracking-wide text-brand-dark uppercase">
              {item.category}
            </span>
          </p>
        </div>
        <div className="flex items-center justify-between gap-4 sm:flex-col sm:items-end sm:justify-start">
          <p className="text-lg font-bold">{formatPrice(toCents(item.discounted_price))}</p>
          <Button ref={removeRef} variant="ghost" onClick={onRemove} className="-mr-2 px-2">
            Remove<span className="sr-only"> {item.course_name}</span>
          </Button>
        </div>
      </div>
    </li>
  );
}
