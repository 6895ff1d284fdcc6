'use client';

import { useEffect, useState, useSyncExternalStore } from 'react';
import { ButtonLink } from '@/components/ui/button';
import { Link } from '@/components/ui/link';
import { completeHandoff } from '@/lib/browser/checkout';
import { createCartItemLookUp } from '@/lib/browser/cart-storage';
import { cartHref, courseHref, homeHref } from '@/lib/routes';

/** A course the buyer bought, with its name once the catalogue has answered. */
type Bought = { id: string; name: string | null };

type Outcome = { name: 'confirming' } | { name: 'nothing' } | { name: 'done'; bought: Bought[] };

/**
 * What /checkout/complete/ found: taken once per page load, since taking the pending handoff out
 * of storage is not something to do twice; undefined until the browser has looked.
 */
let taken: string[] | null | undefined;

const subscribeToNothing = () => () => {};
const takeOnce = () => (taken === undefined ? (taken = completeHandoff()) : taken);
const notYet = () => undefined;

/**
 * Thanks the buyer and takes what they bought out of the cart (lib/browser/checkout.ts,
 * completeHandoff). Opened again, or with no checkout pending, it says there is nothing to
 * confirm and changes nothing.
 */
export function CheckoutComplete() {
  const ids = useSyncExternalStore(subscribeToNothing, takeOnce, notYet);
  const [names, setNames] = useState<ReadonlyMap<string, string>>(new Map());

  useEffect(() => {
    if (!ids) return;
    let live = true;
    const lookUp = createCartItemLookUp();
    void Promise.all(ids.map((id) => lookUp(id).catch(() => null))).then((items) => {
      if (live) setNames(new Map(items.flatMap((item) => (item ? [[item.courseID, item.course_name] as const] : []))));
    });
    return () => {
      live = false;
    };
  }, [ids]);

  const outcome: Outcome =
    ids === undefined
      ? { name: 'confirming' }
      : ids === null
        ? { name: 'nothing' }
        : { name: 'done', bought: ids.map((id) => ({ id, name: names.get(id) ?? null })) };

  if (outcome.name === 'confirming') {
    return (
      <div aria-busy="true">
        <h1 className="text-3xl font-extrabold">Thank you</h1>
        <p role="status" className="mt-4 text-ink-muted">
          Confirming your order…
        </p>
      </div>
    );
  }

  if (outcome.name === 'nothing') {
    return (
      <div>
        <h1 className="text-3xl font-extrabold">Nothing to confirm</h1>
        <p className="mt-4 text-ink-muted">
          There is no recent checkout to confirm on this device, so your cart is as it was. If you have just paid, the
          provider&rsquo;s receipt email is your confirmation.
        </p>
        <KeepBrowsing />
      </div>
    );
  }

  return (
    <div>
      <h1 className="text-3xl font-extrabold">Thank you for your order</h1>
      <p className="mt-4 text-ink-muted">
        {outcome.bought.length === 1 ? 'This course is' : 'These courses are'} no longer in your cart. Your receipt
        comes by email from the payment provider.
      </p>
      <h2 className="mt-8 font-bold">What you bought</h2>
      <ul className="mt-3 divide-y divide-line border-t border-b border-line">
        {outcome.bought.map(({ id, name }) => (
          <li key={id} className="py-3 wrap-anywhere">
            <Link href={courseHref(id)} className="rounded font-bold hover:text-brand hover:underline">
              {name ?? id}
            </Link>
          </li>
        ))}
      </ul>
      <KeepBrowsing />
    </div>
  );
}

function KeepBrowsing() {
  return (
    <div className="mt-8 flex flex-wrap gap-3">
      <ButtonLink href={homeHref} size="lg">
        Keep browsing
      </ButtonLink>
      <ButtonLink href={cartHref} size="lg" variant="secondary">
        Go to your cart
      </ButtonLink>
    </div>
  );
}
