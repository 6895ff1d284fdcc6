import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

/**
 * The list that lays out course cards in SPEC §9's grid: 1 column, then 2 at 600px,
 * 3 at 992px, 4 at 1400px. Its children are the <li> items.
 */
export function CardGrid({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <ul className={cn('grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4', className)}>{children}</ul>
  );
}
