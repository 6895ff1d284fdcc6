'use client';

import { cn } from '@/lib/cn';
import { formatPrice, savingText } from '@/lib/money';
import { useCouponPrice } from '@/lib/browser/coupon';

/*
 * CoursePrice and the course page's saving in a build with coupons (NEXT_PUBLIC_COUPONS, read in
 * this module so that Next folds it here): without, both are components that render nothing, and
 * every page that imports them carries none of their code.
 */
const enabled = process.env.NEXT_PUBLIC_COUPONS === '1';

type PriceProps = {
  courseId: string;
  /** Minor units. */
  price: number;
  originalPrice: number;
  size?: 'md' | 'lg';
  className?: string;
};

/**
 * CoursePrice's box, and when the visitor's code lowers the course's price, the discounted price
 * in the sale price's place and size, and the price without the code struck through, small and
 * muted, where the original was. Keyed: both are new elements, not the old ones moved or resized
 * (no layout shift). Before hydration, and without a code, exactly CoursePrice.
 */
function VisitCouponPrice({ courseId, price, originalPrice, size = 'md', className }: PriceProps) {
  const withCode = useCouponPrice(courseId, price);
  return (
    <p className={cn('price', size === 'lg' && 'price-lg', className)} data-coupon={withCode ? 'applied' : undefined}>
      {withCode ? (
        <>
          <span key="with-code">
            <span className="sr-only">Price with code {withCode.code} </span>
            {formatPrice(withCode.price)}
          </span>
          <del key="without-code">
            <span className="sr-only">Price without code </span>
            {formatPrice(price)}
          </del>
        </>
      ) : (
        <>
          <span>
            <span className="sr-only">Current price </span>
            {formatPrice(price)}
          </span>
          <del>
            <span className="sr-only">Original price </span>
            {formatPrice(originalPrice)}
          </del>
        </>
      )}
    </p>
  );
}

/**
 * The course page's '86% off, you save $78.00', from the struck-through price to the one shown:
 * with a code, from the price without it to the price with it. The sentence keeps its shape
 * (the code is named beside the price and in the coupon notice), so it keeps its line.
 */
function VisitCouponSaving({ courseId, price, originalPrice, className }: Omit<PriceProps, 'size'>) {
  const withCode = useCouponPrice(courseId, price);
  return (
    <p className={className}>{withCode ? savingText(price, withCode.price) : savingText(originalPrice, price)}</p>
  );
}

export const CouponPrice = enabled ? VisitCouponPrice : () => null;
export const CouponSaving = enabled ? VisitCouponSaving : () => null;
