import { isCourseId, type SavedListRules } from './saved-list';
import type { CartItem } from './types';

/**
 * How the cart and the wishlist read what storage holds, before anything is checked against the
 * catalogue: the rules the stores (lib/cart.ts, lib/browser/wishlist.ts) and the first-paint script
 * (lib/browser/first-paint.ts) share, in a module of their own so that the script carries these
 * and none of the stores.
 */

/**
 * The localStorage key of the saved cart (SPEC §7). It lives here, not with the browser-only
 * storage code, because the first-paint script reads it too.
 */
export const CART_STORAGE_KEY = 'cart';

/** The localStorage key of the wishlist: a JSON list of course ids. */
export const WISHLIST_STORAGE_KEY = 'wishlist';

/**
 * A saved cart entry. Only `courseID` is trusted; the other fields are kept as they were saved
 * while the course has not been checked against the catalogue yet (offline, say), and are
 * never shown.
 */
export type StoredEntry = { courseID: string } & Partial<Record<Exclude<keyof CartItem, 'courseID'>, unknown>>;

/**
 * How the cart's saved value is read: objects naming a course in `courseID`. The badge counts an
 * entry it has not checked when it has the form this site saves after a check.
 */
export const cartRules: SavedListRules<StoredEntry> = {
  key: CART_STORAGE_KEY,
  idOf(entry) {
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) return undefined;
    const id: unknown = (entry as { courseID?: unknown }).courseID;
    return isCourseId(id) ? id : undefined;
  },
  counts: (entry, id) => isCartItemFor(entry, id),
};

/** How the wishlist's saved value is read: course ids, every well-formed one counted (an id is all it saves). */
export const wishlistRules: SavedListRules<string> = {
  key: WISHLIST_STORAGE_KEY,
  idOf: (entry) => (isCourseId(entry) ? entry : undefined),
  counts: () => true,
};

/** Whether a fetched value is the catalogue's cart item for `id` (a stale or broken file is not). */
export function isCartItemFor(value: unknown, id: string): value is CartItem {
  if (typeof value !== 'object' || value === null) return false;
  const item = value as Record<string, unknown>;
  return (
    item.courseID === id &&
    ['image', 'course_name', 'creator', 'category'].every((field) => typeof item[field] === 'string') &&
    typeof item.discounted_price === 'number' &&
    Number.isFinite(item.discounted_price) &&
    item.discounted_price >= 0
  );
}
