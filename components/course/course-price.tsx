import { cn } from '@/lib/cn';
import { toMinorUnits } from '@/lib/format';
import { formatPrice } from '@/lib/money';

/**
 * The sale price, then the struck-through original, each named for screen readers. Styled by
 * `.price` in app/globals.css: it sits on every card, in the HTML and in each RSC copy.
 */
export function CoursePrice({
  price,
  originalPrice,
  size = 'md',
  className,
}: {
  price: number;
  originalPrice: number;
  size?: 'md' | 'lg';
  className?: string;
}) {
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
