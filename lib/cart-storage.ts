import 'client-only';

import {
  CART_ACTION,
  cartCodec,
  cartReducer,
  isCartItemFor,
  toCartState,
  type CartAction,
  type CartState,
} from './cart';
import { assetPath } from './routes';
import { createSavedListStore, type SavedListSnapshot, type SavedListStore } from './saved-list-store';
import type { CartItem } from './types';

export { CART_STORAGE_KEY } from './cart';
export type { AddResult } from './saved-list-store';

/** The static file with one course's cart item, written at build time (app/cart-items/[file]/route.ts). */
export function cartItemUrl(courseId: string): string {
  return assetPath(`/cart-items/${encodeURIComponent(courseId)}.json`);
}

/**
 * Looks one course up in the catalogue: its cart item, or `null` when the catalogue has no
 * such course (404). Throws when it cannot tell (offline, a server error, a broken file).
 */
export async function fetchCartItem(courseId: string): Promise<CartItem | null> {
  const response = await fetch(cartItemUrl(courseId), { signal: AbortSignal.timeout(15_000) });
  if (response.status === 404) return null;
  if (!response.ok) throw new Error(`${response.status} for ${response.url}`);
  const item: unknown = await response.json();
  if (!isCartItemFor(item, courseId)) throw new Error(`Not the cart item of ${courseId}`);
  return item;
}

export type StoreOptions = {
  getStorage?: () => Storage;
  lookUp?: (courseId: string) => Promise<CartItem | null>;
  cap?: number;
  concurrency?: number;
};

export type CartSnapshot = SavedListSnapshot & {
  /** The confirmed items with their totals (SPEC §3). */
  state: CartState;
};

/** The cart: a saved list whose changes go through the spec's reducer (SPEC §4). */
export type CartStore = Omit<SavedListStore, 'getSnapshot'> & {
  getSnapshot: () => CartSnapshot;
  /** Applies a remove or clear (or any action) to the confirmed items, saves and notifies. */
  dispatch: (action: CartAction) => void;
};

/** Creates the cart's store (see `createSavedListStore`); it fetches nothing until a page calls `check()`. */
export function createCartStore({ lookUp = fetchCartItem, ...options }: StoreOptions = {}): CartStore {
  const store = createSavedListStore(cartCodec, { lookUp, ...options });
  let snapshot: CartSnapshot | undefined;
  return {
    ...store,
    getSnapshot() {
      const list = store.getSnapshot();
      if (snapshot?.items !== list.items) snapshot = { ...list, state: toCartState(list.items) };
      else if (!sameFields(snapshot, list)) snapshot = { ...list, state: snapshot.state };
      return snapshot;
    },
    dispatch(action) {
      // Clear All means everything, the courses not checked yet too.
      if (action.type === CART_ACTION.clear) store.clear();
      else store.update((items) => cartReducer(toCartState(items), action).cart);
    },
  };
}

function sameFields(cart: CartSnapshot, list: SavedListSnapshot): boolean {
  return (Object.keys(list) as (keyof SavedListSnapshot)[]).every((key) => cart[key] === list[key]);
}
