'use client';

import { useEffect } from 'react';
import { WISHLIST_ACTIONS } from './wishlist-toggle';
import { useWishlist } from './wishlist-provider';

/** Every wishlist toggle (./wishlist-toggle.tsx) carries the course's id here. */
const TOGGLE = 'a[data-wish]';

function setAttribute(element: Element, name: string, value: string) {
  if (element.getAttribute(name) !== value) element.setAttribute(name, value);
}

/** Shows one toggle as a button, pressed while its course is saved. */
function paintToggle(toggle: HTMLElement, saved: boolean) {
  // The course's name follows the action's ': ' in the label; neither action holds one itself.
  const label = toggle.getAttribute('aria-label') ?? '';
  const name = label.slice(label.indexOf(': ') + 2);
  const action = saved ? WISHLIST_ACTIONS.remove : WISHLIST_ACTIONS.add;
  setAttribute(toggle, 'role', 'button');
  setAttribute(toggle, 'aria-pressed', String(saved));
  setAttribute(toggle, 'aria-label', `${action}: ${name}`);
  // The course page's toggle shows its action: its text node is React's, so it keeps it and
  // changes its value only.
  const text = toggle.firstChild;
  if (text?.nodeType === Node.TEXT_NODE && text.nodeValue !== action) text.nodeValue = action;
}

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
      for (const toggle of document.querySelectorAll<HTMLElement>(TOGGLE))
        paintToggle(toggle, ids.has(toggle.dataset.wish ?? ''));
    };
    paintAll();
    // Toggles that appear while this stays mounted: client navigation to another page of the same
    // listing or another course keeps this component and replaces the cards under it.
    const observer = new MutationObserver(paintAll);
    observer.observe(document.body, { childList: true, subtree: true });

    const toggle = (event: Event) => {
      const target = (event.target as Element | null)?.closest?.<HTMLElement>(TOGGLE);
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
