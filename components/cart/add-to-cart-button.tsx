'use client';

import { useRouter } from 'next/navigation';
import { Button } from '@/components/ui/button';
import { cartHref } from '@/lib/routes';
import { useCart } from './cart-provider';

/** The detail page's 'Add to cart': adds the course, then opens the cart. */
export function AddToCartButton({ courseId, className }: { courseId: string; className?: string }) {
  const { add } = useCart();
  const router = useRouter();

  return (
    <Button
      size="lg"
      onClick={() => {
        add(courseId);
        router.push(cartHref);
      }}
      className={className}
    >
      Add to cart
    </Button>
  );
}
