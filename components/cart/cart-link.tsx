'use client';

import { CartIcon } from '@/components/ui/icons';
import { cartHref } from '@/lib/routes';
import { useCart } from './cart-provider';
import { CountLink } from './count-link';

/** The navbar's cart link, with the number of courses in the cart. */
export function CartLink({ className }: { className?: string }) {
  const { count } = useCart();
  return <CountLink href={cartHref} list="cart" label="Cart" count={count} icon={<CartIcon />} className={className} />;
}
