import { cn } from '@/lib/cn';
import { addToWishlistHref, basePath } from '@/lib/routes';
import { WISHLIST_ACTIONS } from '@/lib/saved-list-labels';
import { ParsedEnd } from '@/components/ui/parsed-end';

/**
 * The heart that saves a course for later, as the server renders it: a link to
 * /wishlist/?add={id}, which adds the course there, so it works before any script runs and
 * without JavaScript. Once the browser has read the wishlist, <WishlistToggles />
 * (./wishlist-toggles.tsx) makes every one on the page a toggle button with `aria-pressed`.
 * No client island: a card repeats about 24 times per course across the export, and 48 islands
 * on a listing were most of its hydration. On a card it is an icon (`.wish` in app/globals.css).
 */
export function WishlistToggle({
  id,
  name,
  withText = false,
  className,
}: {
  /** The course's id. */
  id: string;
  /** The course's name, for screen readers: each card's toggle is named apart. */
  name: string;
  /** Shows the action as text beside the heart (the course page), not the icon alone. */
  withText?: boolean;
  className?: string;
}) {
  return (
    <a
      href={`${basePath}${addToWishlistHref(id)}`}
      // With text, the heart is centred beside it: shown once the text is parsed (app/globals.css).
      className={cn('wish', withText && 'wish-text shown-once-parsed', className)}
      aria-label={`${WISHLIST_ACTIONS.add}: ${name}`}
      data-wish={id}
      // The first-paint script paints a saved course's toggle before hydration (lib/browser/wishlist-paint.ts).
      suppressHydrationWarning
    >
      {/* The visible text (the course page) begins the name, as speech input expects. */}
      {withText && WISHLIST_ACTIONS.add}
      {withText && <ParsedEnd />}
    </a>
  );
}
