import 'client-only';
import { WISHLIST_ACTIONS } from '@/lib/saved-list-labels';

/** Every wishlist toggle (components/wishlist/wishlist-toggle.tsx) carries its course's id here. */
export const WISHLIST_TOGGLE = 'a[data-wish]';

function setAttribute(element: Element, name: string, value: string) {
  if (element.getAttribute(name) !== value) element.setAttribute(name, value);
}

/**
 * Shows one toggle as a button, pressed while its course is saved, named for its action
 * (components/wishlist/wishlist-toggles.tsx, once the store has read the wishlist; before that the
 * first-paint script presses a saved course's toggle only).
 */
export function paintWishlistToggle(toggle: HTMLElement, saved: boolean) {
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
