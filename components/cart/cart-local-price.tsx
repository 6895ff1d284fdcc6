'use client';

import { cn } from '@/lib/cn';
import { useLocalPrices } from '@/lib/browser/use-local-prices';
import { LocalPriceText, localPriceLine } from '@/components/course/local-price';
import { useCart } from './cart-provider';

/*
 * The cart's local prices (PADDLE_LOCAL_PRICES), loaded by cart-view.tsx only in a build with the
 * setting: one preview for the courses the catalogue confirmed, shared by every row and the total.
 */

function useCartLocalPrices() {
  const { status, state } = useCart();
  return useLocalPrices(status === 'ready' ? state.cart.map((item) => item.courseID) : []);
}

/**
 * A row's line under its price. Keyed: the filled line is a new element, not the empty one grown,
 * so nothing counts as moved when it comes.
 */
export function CartLocalPrice({ courseId }: { courseId?: string }) {
  const local = useCartLocalPrices();
  const price = courseId === undefined ? undefined : local?.byCourse[courseId];
  return (
    <p key={price === undefined ? 'empty' : 'local'} className={localPriceLine}>
      <LocalPriceText price={price} />
    </p>
  );
}

/** The total's line, under 'Total:', when Paddle priced every course. */
export function CartLocalTotal() {
  const local = useCartLocalPrices();
  return (
    <p className={cn(localPriceLine, 'text-right')} data-local-price={local?.total ? local.currency : undefined}>
      <LocalPriceText price={local?.total ?? undefined} />
    </p>
  );
}
