'use client';

import { cn } from '@/lib/cn';
import { discountedPrice, localToday } from '@/lib/coupons';
import { formatPrice } from '@/lib/money';
import { appliedRule, useCoupon } from '@/lib/browser/coupon';

/**
 * CoursePrice in a build with coupons: the same box, and when the visitor's code applies to the
 * course, the price struck through and the discounted one where the original was, so nothing
 * after it moves. Before hydration, and without a code, exactly CoursePrice.
 */
export function CouponPrice({
  courseId,
  price,
  originalPrice,
  size = 'md',
  className,
}: {
  courseId: string;
  price: number;
  originalPrice: number;
  size?: 'md' | 'lg';
  className?: string;
}) {
  const coupon = useCoupon();
  const rule = appliedRule(coupon);
  const discounted = rule ? discountedPrice(rule, courseId, price, localToday(new Date())) : price;
  const applied = discounted !== price;
  return (
    <p className={cn('price', size === 'lg' && 'price-lg', className)} data-coupon={applied ? 'applied' : undefined}>
      <span className={cn(applied && 'line-through')}>
        <span className="sr-only">{applied ? 'Price without code ' : 'Current price '}</span>
        {formatPrice(price)}
      </span>
      {applied ? (
        <ins className="font-bold text-ink no-underline">
          <span className="sr-only">With code {coupon!.code} </span>
          {formatPrice(discounted)}
        </ins>
      ) : (
        <del>
          <span className="sr-only">Original price </span>
          {formatPrice(originalPrice)}
        </del>
      )}
    </p>
  );
}
