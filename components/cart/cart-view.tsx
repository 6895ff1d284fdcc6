'use client';

import Image from 'next/image';
import { Link } from '@/components/ui/link';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { formatPrice, toCents } from '@/lib/format';
import { assetPath, courseHref } from '@/lib/routes';
import type { CartItem } from '@/lib/types';
import { CartIcon } from '@/components/ui/icons';
import { useCart } from './cart-provider';

/** Keeps the footer below the fold while the saved cart loads, so that whatever it turns out to be, nothing visible shifts. */
const bodyMinHeight = 'min-h-[70vh]';

/**
 * The cart page (SPEC §2). Until the saved cart is known it renders an empty box of the
 * same size and no text, so neither the empty message nor items appear before they are true.
 */
export function CartView() {
  const { status, state, remove, clear } = useCart();
  const [announcement, setAnnouncement] = useState('');
  const headingRef = useRef<HTMLHeadingElement>(null);
  const removeButtons = useRef(new Map<string, HTMLButtonElement>());
  // After a removal, focus moves to a neighbour's 'Remove' (or the heading) instead of being lost.
  const pendingFocus = useRef<string | 'heading' | null>(null);

  useEffect(() => {
    const target = pendingFocus.current;
    if (target === null) return;
    pendingFocus.current = null;
    (target === 'heading' ? headingRef.current : removeButtons.current.get(target))?.focus();
  }, [state.cart]);

  const hasItems = status === 'ready' && state.total_items > 0;

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
      <h1 ref={headingRef} tabIndex={-1} className={hasItems ? 'mb-6 text-3xl font-bold' : 'sr-only'}>
        Shopping Cart
      </h1>

      {status === 'loading' && <div aria-busy="true" className={bodyMinHeight} />}

      {status === 'ready' && !hasItems && (
        <div className={`${bodyMinHeight} flex flex-col items-center justify-center gap-4 text-center`}>
          <CartIcon size={56} strokeWidth={1.5} className="text-ink-soft" />
          <p className="text-lg font-bold">No items found in the cart.</p>
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
        </div>
      )}

      <p role="status" className="sr-only">
        {announcement}
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
