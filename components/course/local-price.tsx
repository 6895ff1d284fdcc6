'use client';

import { cn } from '@/lib/cn';
import { useLocalPrices } from '@/lib/browser/use-local-prices';

/*
 * The buyer's local price (PADDLE_LOCAL_PRICES), under the shop's own price, which stays: Paddle's
 * figure is an estimate for where the buyer seems to be, and the shop's price is what the page
 * promised. Its line is reserved from the first paint, empty until Paddle answers, so nothing moves
 * when it fills, or when it never does.
 */

/** The line's box: one line of small text, never wrapped, so that its height is known before it fills. */
export const localPriceLine = 'min-h-6 text-sm whitespace-nowrap text-ink-muted';

/** '≈ €14.28 EUR incl. tax', read as "Your local price: about €14.28 EUR incl. tax"; nothing without a price. */
export function LocalPriceText({ price }: { price: string | undefined }) {
  if (price === undefined) return null;
  return (
    <>
      <span className="sr-only">Your local price: about </span>
      <span aria-hidden="true">≈ </span>
      {`${price} incl. tax`}
    </>
  );
}

/** The course page's line, under 'Buy now''s price. */
export function CourseLocalPrice({ courseId, className }: { courseId: string; className?: string }) {
  const local = useLocalPrices([courseId]);
  return (
    <p className={cn(localPriceLine, className)} data-local-price={local ? local.currency : undefined}>
      <LocalPriceText price={local?.byCourse[courseId]} />
    </p>
  );
}
