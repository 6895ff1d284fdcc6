import { ButtonLink } from '@/components/ui/button';
import { addToCartHref } from '@/lib/routes';

/**
 * A course card's 'Add to cart': a plain link to the cart page, which adds the course named
 * in `?add=`. It needs no script, so it works before hydration, without JavaScript, and
 * opened in a new tab alike. Not prefetched: a link with a query never is (every card would fetch
 * the same cart page again; components/layout/client-navigation.tsx).
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
  return (
    // A label, not hidden text: browsers put a space before text that is a flex item of its own.
    <ButtonLink href={addToCartHref(courseId)} aria-label={`Add to cart: ${courseName}`} className={className}>
      Add to cart
    </ButtonLink>
  );
}
