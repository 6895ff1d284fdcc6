import { Link } from '@/components/ui/link';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

type Variant = 'primary' | 'secondary' | 'ghost';
type Size = 'md' | 'lg';

type StyleProps = { variant?: Variant; size?: Size; className?: string };

/* The classes are defined in app/globals.css (short names keep every card's payload small). */
const VARIANTS: Record<Variant, string> = { primary: 'btn-primary', secondary: 'btn-secondary', ghost: 'btn-ghost' };
const SIZES: Record<Size, string> = { md: 'btn-md', lg: 'btn-lg' };

function buttonStyles({ variant = 'primary', size = 'md', className }: StyleProps): string {
  return cn('btn', VARIANTS[variant], SIZES[size], className);
}

export function Button({ variant, size, className, type = 'button', ...props }: ComponentProps<'button'> & StyleProps) {
  return <button type={type} className={buttonStyles({ variant, size, className })} {...props} />;
}

export function ButtonLink({ variant, size, className, ...props }: ComponentProps<typeof Link> & StyleProps) {
  return <Link className={buttonStyles({ variant, size, className })} {...props} />;
}
