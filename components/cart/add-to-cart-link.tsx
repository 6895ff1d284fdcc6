'use client';

import type { MouseEvent } from 'react';
import { ButtonLink } from '@/components/ui/button';
import { cartHref } from '@/lib/routes';
import { useCart } from './cart-provider';

/**
 * A course card's 'Add to cart': a real link to the cart that adds the course first.
 * Every click adds, with or without a modifier, and so does a middle click: a cart opened
 * in a new tab or window then already holds the course (storage is written before it opens).
 * 'Open in new tab' from the context menu only opens the cart, as any link would.
 * Before hydration the link still leads to the cart.
 */
export function AddToCartLink({
  courseId,
  courseName,
  className,
}: {
  courseId: string;
  /** Completes the accessible name ('Add to cart: {courseName}') so each card's link is distinct. */
  courseName: string;
  className?: string;
}) {
  const { add } = useCart();

  function addOnMiddleClick(event: MouseEvent<HTMLAnchorElement>) {
    if (event.button === 1) add(courseId);
  }

  return (
    <ButtonLink href={cartHref} onClick={() => add(courseId)} onAuxClick={addOnMiddleClick} className={className}>
      Add to cart<span className="sr-only">: {courseName}</span>
    </ButtonLink>
  );
}
