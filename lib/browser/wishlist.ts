import { createCartItemLookUp, type StoreOptions } from './cart-storage';
import type { SavedListCodec } from '../saved-list';
import { wishlistRules } from '../saved-list-rules';
import { createSavedListStore, type SavedListStore } from './saved-list-store';

export { WISHLIST_STORAGE_KEY } from '../saved-list-rules';

/** The wishlist as a saved list: course ids only; names and prices come from the catalogue's records. */
export const wishlistCodec: SavedListCodec<string> = {
  ...wishlistRules,
  entryOf: (item) => item.courseID,
  entryOfId: (id) => id,
  serialize: (ids) => JSON.stringify(ids),
};

/** Creates the wishlist's store, with the cart's guarantees (see `createSavedListStore`). */
export function createWishlistStore({
  lookUp = createCartItemLookUp(),
  ...options
}: StoreOptions = {}): SavedListStore {
  return createSavedListStore(wishlistCodec, { lookUp, ...options });
}
