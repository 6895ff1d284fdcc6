'use client';

import { useEffect } from 'react';
import { paintWishlistToggle, WISHLIST_TOGGLE } from '@/lib/browser/wishlist-paint';
import { useWishlist } from './wishlist-provider';

/**
 * Makes every wishlist toggle on the page a toggle button once the wishlist has been read: one
 * set of listeners on the document and one DOM observer, instead of a client component per card.
 * Until then each is the link it is in the static HTML. Rendered once by each page that shows
 * toggles (the home tabs, a category listing, a course page), so pages without any (the cart,
 * search) load none of this.
 */
export function WishlistToggles() {
  const { loaded, ids, add, remove } = useWishlist();
  useEffect(() => {
    if (!loaded) return;
    const paintAll = () => {
      for (const toggle of document.querySelectorAll<HTMLElement>(WISHLIST_TOGGLE))
        paintWishlistToggle(toggle, ids.has(toggle.dataset.wish ?? ''));
    };
    paintAll();
    // Toggles that appear while this stays mounted: client navigation to another page of the same
    // listing or another course keeps this component and replaces the cards under it.
    const observer = new MutationObserver(paintAll);
    observer.observe(document.body, { childList: true, subtree: true });

    const toggle = (event: Event) => {
      const target = (event.target as Element | null)?.closest?.<HTMLElement>(WISHLIST_TOGGLE);
      const id = target?.dataset.wish;
      if (!id) return;
      event.preventDefault();
      if (ids.has(id)) remove(id);
      else void add(id);
    };
    // A button answers Space as well as Enter (which a link turns into a click).
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === ' ') toggle(event);
    };
    document.addEventListener('click', toggle);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      observer.disconnect();
      document.removeEventListener('click', toggle);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [loaded, ids, add, remove]);
  return null;
}
