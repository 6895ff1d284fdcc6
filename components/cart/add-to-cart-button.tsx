'use client';

import type { FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { useNavigate } from '@/lib/browser/full-stylesheet';
import { ADD_TO_CART_PARAM, addToCartHref, basePath, cartHref } from '@/lib/routes';

/**
 * The detail page's 'Add to cart': a real button in a GET form to the cart page, which adds
 * the course named in `?add=`. Before hydration (or without JavaScript) the browser submits
 * the form; once hydrated, the submit becomes a client-side navigation.
 */
export function AddToCartButton({ courseId, className }: { courseId: string; className?: string }) {
  const router = useNavigate();

  function navigate(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    router.push(addToCartHref(courseId));
  }

  return (
    <form action={`${basePath}${cartHref}`} method="get" onSubmit={navigate} className={className}>
      <input type="hidden" name={ADD_TO_CART_PARAM} value={courseId} />
      <Button type="submit" size="lg" className="w-full">
        Add to cart
      </Button>
    </form>
  );
}
