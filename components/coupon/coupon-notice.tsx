'use client';

import { Button } from '@/components/ui/button';
import { couponProblem } from '@/lib/coupons';
import { removeCoupon, useCoupon } from '@/lib/browser/coupon';

/**
 * The visitor's code, named, with 'Remove': fixed to the foot of the window, so that it moves
 * nothing when it appears (the footer of a build with coupons ends with room for it, so that it
 * never hides the end of a page). A code that applies says the final price is the checkout's to
 * confirm; one that does not says why, and prices stay as they are. Nothing before hydration
 * or without a code. Only in a build with coupons (app/layout.tsx).
 */
export function CouponNotice() {
  const coupon = useCoupon();
  if (!coupon || coupon.status === 'pending') return null;
  const message =
    coupon.status === 'applies'
      ? `Code ${coupon.code} applied${coupon.rule?.courses ? ' to the courses it is for' : ''}. The final price is confirmed at checkout.`
      : couponProblem(coupon.code, coupon.status);
  return (
    <aside
      aria-label="Coupon"
      className="fixed inset-x-0 bottom-0 z-40 border-t border-line bg-white px-4 py-3 shadow-lg"
    >
      <div className="mx-auto flex max-w-screen-xl items-center justify-between gap-3">
        <p role="status" className="min-w-0 text-sm text-ink">
          {message}
        </p>
        <Button variant="secondary" size="md" className="shrink-0" onClick={removeCoupon}>
          Remove<span className="sr-only"> code {coupon.code}</span>
        </Button>
      </div>
    </aside>
  );
}
