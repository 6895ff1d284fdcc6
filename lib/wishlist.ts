import { fetchCartItem, type StoreOptions } from './cart-storage';
import { isCourseId, type SavedListCodec } from './saved-list';
import { createSavedListStore, type SavedListStore } from './saved-list-store';

/** The localStorage key of the wishlist: a JSON list of course ids. */
export const WISHLIST_STORAGE_KEY = 'wishlist';

/** The wishlist as a saved list: course ids only; names and prices come from the catalogue's records. */
export const wishlistCodec: SavedListCodec<string> = {
  key: WISHLIST_STORAGE_KEY,
  idOf: (entry) => (isCourseId(entry) ? entry : undefined),
  // An id is all the wishlist saves, so the badge counts every well-formed one.
  counts: () => true,
  entryOf: (item) => item.courseID,
  entryOfId: (id) => id,
  serialize: (ids) => JSON.stringify(ids),
};

/** Creates the wishlist's store, with the cart's guarantees (see `createSavedListStore`). */
export function createWishlistStore({ lookUp = fetchCartItem, ...options }: StoreOptions = {}): SavedListStore {
  return createSavedListStore(wishlistCodec, { lookUp, ...options });
}
