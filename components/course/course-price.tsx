import { cn } from '@/lib/cn';
import { formatPrice, toCents } from '@/lib/format';

/** The sale price, then the struck-through original, each named for screen readers. */
export function CoursePrice({
  price,
  originalPrice,
  size = 'md',
  tone = 'light',
  className,
}: {
  price: number;
  originalPrice: number;
  size?: 'md' | 'lg';
  tone?: 'light' | 'dark';
  className?: string;
}) {
  return (
    <p className={cn('flex flex-wrap items-baseline gap-x-2', className)}>
      <span className={cn('font-bold', size === 'lg' ? 'text-3xl' : 'text-lg')}>
        <span className="sr-only">Current price </span>
        {formatPrice(toCents(price))}
      </span>
      <del className={cn(size === 'lg' ? 'text-base' : 'text-sm', tone === 'dark' ? 'text-white/80' : 'text-ink-soft')}>
        <span className="sr-only">Original price </span>
        {formatPrice(toCents(originalPrice))}
      </del>
    </p>
  );
}
