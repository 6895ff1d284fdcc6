'use client';

import Image from 'next/image';
import { IMAGE_SIZES } from '@/config/image-variants.mjs';
import { Link } from '@/components/ui/link';
import { lazy, Suspense, useEffect, useLayoutEffect, useRef, useState, type ComponentType } from 'react';
import { Button } from '@/components/ui/button';
import { toMinorUnits } from '@/lib/format';
import { formatPrice } from '@/lib/money';
import { useCouponPrice, useCouponTotal } from '@/lib/browser/coupon';
import { cn } from '@/lib/cn';
import { cartHref, courseHref } from '@/lib/routes';
import type { CartItem } from '@/lib/types';
import { CartIcon } from '@/components/ui/icons';
import { useWishlist } from '@/components/wishlist/wishlist-provider';
import { useCart } from './cart-provider';
import { LiveRegions, SavedListNotices } from './saved-list-notices';
import { useAddFromAddress } from './use-add-from-address';
import { ParsedEnd } from '@/components/ui/parsed-end';

/*
 * 'Checkout' hands off only in a build that sells (CHECKOUT_PROVIDER, folded in at compile time):
 * with none this is dead code, dropped, and the button is the spec's, with no behaviour. The
 * handoff's code loads with the cart's items, and Paddle.js only on the first press.
 */
const CheckoutButton =
  __CHECKOUT_PROVIDER__ === 'none'
    ? null
    : lazy(() =>
        import('./checkout-button').then(
          (module) => ({ default: module.CheckoutButton }),
          // Offline on a first visit, before the code was cached: say what would help.
          () => ({
            default: () => (
              <p role="status" className="mt-6 text-sm text-ink-muted">
                Checkout needs a connection. Your cart is saved: reload this page once you are online.
              </p>
            ),
          }),
        ),
      );

/*
 * The buyer's local prices (PADDLE_LOCAL_PRICES, folded in at compile time), a row's and the total's:
 * without the setting this is dead code, dropped with its import, and the cart is what it was. Each
 * keeps its line while it loads; offline before it was cached, the line stays empty.
 */
type LocalPriceLine = ComponentType<{ courseId?: string }>;
/** An empty line of a local price's height (components/course/local-price.tsx localPriceLine). */
const emptyLine: LocalPriceLine = () => <p className="min-h-6" />;
// Each import() sits in its folded condition: a bundler keeps the chunk of any import() in a live module.
const lineOf =
  (name: 'CartLocalPrice' | 'CartLocalTotal') =>
  (module: typeof import('./cart-local-price')): { default: LocalPriceLine } => ({ default: module[name] });
const noLine = () => ({ default: emptyLine });
const CartLocalPrice = __PADDLE_LOCAL_PRICES__
  ? lazy(() => import('./cart-local-price').then(lineOf('CartLocalPrice'), noLine))
  : null;
const CartLocalTotal = __PADDLE_LOCAL_PRICES__
  ? lazy(() => import('./cart-local-price').then(lineOf('CartLocalTotal'), noLine))
  : null;

/** Keeps the footer below the fold while the saved cart loads, so that whatever it turns out to be, nothing visible shifts. */
const bodyMinHeight = 'min-h-[70vh]';

/**
 * The cart page (SPEC §2). Until the cart is checked it shows only what is already true: the
 * first-paint script (lib/browser/first-paint.ts) marks the wrapper `data-cart="empty"` when nothing
 * is saved, so the empty message is the first paint; otherwise the title and an empty box the
 * size of the body. Neither the empty message nor items appear before they are true, and the
 * body keeps its height, so the footer never moves.
 */
export function CartView() {
  const { status, state, unverified, missing, overflow, add, remove, clear, retry, check } = useCart();
  const wishlist = useWishlist();
  const [announcement, setAnnouncement] = useState('');
  const [notice, setNotice] = useState('');
  const headingRef = useRef<HTMLHeadingElement>(null);
  const removeButtons = useRef(new Map<string, HTMLButtonElement>());
  // After a removal, focus moves to a neighbour's 'Remove' (or the heading) instead of being lost.
  const pendingFocus = useRef<string | 'heading' | null>(null);

  useLayoutEffect(check, [check]);
  useAddFromAddress(add, cartHref, (result) => {
    if (result === 'unknown') setNotice('That course was not found, so nothing was added.');
    if (result === 'full') setNotice('Your cart is full, so nothing was added.');
  });

  useEffect(() => {
    const target = pendingFocus.current;
    if (target === null) return;
    pendingFocus.current = null;
    (target === 'heading' ? headingRef.current : removeButtons.current.get(target))?.focus();
  }, [state.cart]);

  const loading = status === 'loading' || status === 'idle';
  const hasItems = !loading && state.total_items > 0;
  const isEmpty = status === 'ready' && state.total_items === 0;

  function removeItem(item: CartItem, position: number) {
    const neighbour = state.cart[position + 1] ?? state.cart[position - 1];
    pendingFocus.current = neighbour ? neighbour.courseID : 'heading';
    setAnnouncement(`Removed ${item.course_name} from the cart.`);
    remove(item.courseID);
  }

  function saveForLater(item: CartItem, position: number) {
    void wishlist.add(item.courseID).then((result) => {
      if (result === 'full' || result === 'unknown') {
        setNotice('Your wishlist is full, so the course stays in the cart.');
        return;
      }
      removeItem(item, position);
      setAnnouncement(`Moved ${item.course_name} to your wishlist.`);
    });
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

      {!loading && (
        <SavedListNotices list="cart" unverified={unverified} missing={missing} overflow={overflow} retry={retry} />
      )}

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
        {/* Centred: shown once its text is parsed (app/globals.css, .shown-once-parsed). */}
        <p className="shown-once-parsed text-lg font-bold">
          No items found in the cart.
          <ParsedEnd />
        </p>
      </div>

      {loading && (
        // Visibly pending, never a blank that looks like an empty cart.
        <div aria-busy="true" className={cn(bodyMinHeight, 'group-data-[cart=empty]/cart:hidden')}>
          <p role="status" className="text-ink-muted noscript:hidden">
            Loading your cart…
          </p>
        </div>
      )}

      {!loading && !isEmpty && (
        <div className={bodyMinHeight}>
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
                      onSaveForLater={() => saveForLater(item, position)}
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
                    <CartTotal
                      total={state.total_amount}
                      items={state.cart.map((item) => ({
                        id: item.courseID,
                        price: toMinorUnits(item.discounted_price),
                      }))}
                    />
                  </p>
                  {CheckoutButton === null ? (
                    <Button size="lg" className="mt-6 w-full">
                      Checkout
                    </Button>
                  ) : (
                    <>
                      {CartLocalTotal && (
                        <Suspense fallback={<p className="min-h-6" />}>
                          <CartLocalTotal />
                        </Suspense>
                      )}
                      <Suspense
                        fallback={
                          <Button size="lg" className="mt-6 w-full" aria-disabled>
                            Checkout
                          </Button>
                        }
                      >
                        <CheckoutButton courseIds={state.cart.map((item) => item.courseID)} className="mt-6" />
                      </Suspense>
                    </>
                  )}
                </section>
              )}
            </div>
          )}
        </div>
      )}

      <LiveRegions announcement={announcement} notice={notice} />
    </>
  );
}

function CartRow({
  item,
  onRemove,
  onSaveForLater,
  removeRef,
}: {
  item: CartItem;
  onRemove: () => void;
  onSaveForLater: () => void;
  removeRef: (button: HTMLButtonElement) => () => void;
}) {
  return (
    <li className="flex gap-4 py-5">
      {/* The name is right beside the image, so the image is decorative. */}
      <Image
        src={item.image}
        alt=""
        width={240}
        height={135}
        sizes={IMAGE_SIZES.thumbnail}
        className="aspect-video w-24 shrink-0 self-start rounded border border-line object-cover sm:w-40"
      />
      <div className="flex min-w-0 flex-1 flex-col gap-2 sm:flex-row sm:gap-6">
        <div className="min-w-0 flex-1 wrap-anywhere">
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
        <div className="flex flex-wrap items-center justify-between gap-x-4 sm:flex-col sm:items-end sm:justify-start">
          {CartLocalPrice ? (
            // Spans the row (the column from sm), so the price keeps its place as lines come.
            <div className="flex w-full flex-col sm:items-end">
              <ItemPrice courseId={item.courseID} price={toMinorUnits(item.discounted_price)} />
              <Suspense fallback={<p className="min-h-6" />}>
                <CartLocalPrice courseId={item.courseID} />
              </Suspense>
            </div>
          ) : (
            <ItemPrice courseId={item.courseID} price={toMinorUnits(item.discounted_price)} />
          )}
          <div className="-mr-2 flex flex-wrap">
            <Button variant="ghost" onClick={onSaveForLater} className="px-2">
              Save for later<span className="sr-only"> {item.course_name}</span>
            </Button>
            <Button ref={removeRef} variant="ghost" onClick={onRemove} className="px-2">
              Remove<span className="sr-only"> {item.course_name}</span>
            </Button>
          </div>
        </div>
      </div>
    </li>
  );
}

/**
 * A cart row's price: with a code that lowers it, the discounted price as the row's price and
 * the one without the code struck through after it, smaller and muted. Keyed, so that it is a
 * new element rather than the old price moved (no layout shift when the code applies).
 */
function ItemPrice({ courseId, price }: { courseId: string; price: number }) {
  const withCode = useCouponPrice(courseId, price);
  if (withCode === null) return <p className="text-lg font-bold">{formatPrice(price)}</p>;
  return (
    <p key="with-code" className="text-lg font-bold">
      <span className="sr-only">Price with code {withCode.code} </span>
      {formatPrice(withCode.price)}{' '}
      <del className="text-sm font-normal text-ink-soft">
        <span className="sr-only">Price without code </span>
        {formatPrice(price)}
      </del>
    </p>
  );
}

/**
 * 'Total:' in integer minor units. With a code that lowers it, the total with the code in the
 * total's place and size, and the one without struck through before it, smaller and muted.
 */
function CartTotal({ total, items }: { total: number; items: readonly { id: string; price: number }[] }) {
  const withCode = useCouponTotal(items);
  if (withCode === null) return <span className="text-3xl font-bold">{formatPrice(total)}</span>;
  return (
    <span key="total-with-code" className="text-right">
      <del className="mr-2 text-base text-ink-soft">
        <span className="sr-only">Total without code </span>
        {formatPrice(total)}
      </del>
      <span className="text-3xl font-bold" data-testid="coupon-total">
        <span className="sr-only">With code {withCode.code} </span>
        {formatPrice(withCode.price)}
      </span>
    </span>
  );
}
