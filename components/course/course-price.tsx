import { cn } from '@/lib/cn';
import { toMinorUnits } from '@/lib/format';
import { formatPrice } from '@/lib/money';
import { CouponPrice } from './coupon-price';

/*
 * Whether the build has coupons, read here and not imported (lib/coupons.ts couponsEnabled):
 * cards render in the browser too (search results, filtered listings), and only a test Next folds
 * in this module drops the coupon island from a build without coupons.
 */
const couponsEnabled = process.env.NEXT_PUBLIC_COUPONS === '1';

/**
 * The sale price, then the struck-through original, each named for screen readers. Styled by
 * `.price` in app/globals.css: it sits on every card, in the HTML and in each RSC copy. In a build
 * with coupons it is the CouponPrice island, which shows the visitor's discount; without, plain
 * markup.
 */
export function CoursePrice({
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
  if (couponsEnabled)
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
