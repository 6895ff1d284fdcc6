import { cn } from '@/lib/cn';
import { toMinorUnits } from '@/lib/format';
import { formatPrice } from '@/lib/money';
import { CouponPrice } from './coupon-price';

/**
 * The sale price, then the struck-through original, each named for screen readers. Styled by
 * `.price` in app/globals.css: it sits on every card, in the HTML and in each RSC copy. With
 * `courseId` (a build with coupons: lib/server/catalogue.ts getCouponRules) it is the CouponPrice
 * island, which shows the visitor's discount; without, plain markup.
 */
export function CoursePrice({
  price,
  originalPrice,
  courseId,
  size = 'md',
  className,
}: {
  price: number;
  originalPrice: number;
  courseId?: string;
  size?: 'md' | 'lg';
  className?: string;
}) {
  if (courseId !== undefined)
    return (
      <CouponPrice
        courseId={courseId}
        price={toMinorUnits(price)}
        originalPrice={toMinorUnits(originalPrice)}
        size={size}
        className={className}
      />
    );
  return (
    <p className={cn('price', size === 'lg' && 'price-lg', className)}>
      <span>
        <span className="sr-only">Current price </span>
        {formatPrice(toMinorUnits(price))}
      </span>
      <del>
        <span className="sr-only">Original price </span>
        {formatPrice(toMinorUnits(originalPrice))}
      </del>
    </p>
  );
}
