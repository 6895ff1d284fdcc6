import 'client-only';

import {
  CART_ACTION,
  cartCodec,
  cartReducer,
  isCartItemFor,
  toCartState,
  type CartAction,
  type CartState,
} from '../cart';
import { cartShardOf } from '../cart-shard';
import { assetPath } from '../routes';
import { createSavedListStore, type SavedListSnapshot, type SavedListStore } from './saved-list-store';
import type { CartItem } from '../types';

export { CART_STORAGE_KEY } from '../cart';
export type { AddResult } from './saved-list-store';

/**
 * The static file that holds this course's cart record, among those of the other courses of its
 * shard (lib/cart-shard.ts), written at build time (app/cart-items/[file]/route.ts).
 */
export function cartShardUrl(courseId: string): string {
  return assetPath(`/cart-items/${cartShardOf(courseId)}.json`);
}

/** A shard's records by course id, unchecked; `null` when no course of the catalogue is in it (404). */
type Shard = Record<string, unknown> | null;

/**
 * Looks courses up in the catalogue: a function that gives a course's cart item, or `null` when
 * the catalogue has no such course (its shard has no file, a 404, or does not list it), and
 * throws when it cannot tell (offline, a server error, a broken file or record).
 *
 * It remembers the shards it has fetched or is fetching, by URL: a cart of 50 courses fetches each
 * shard they are in once, however many of them share it and however often they are checked. A
 * file does not change while the page is open (a deploy is seen on the next load); a fetch that
 * failed is forgotten at once, so that the next look-up (a retry) fetches it again. Each store
 * makes its own (createCartStore, createWishlistStore): one per list on a page.
 */
export function createCartItemLookUp(): (courseId: string) => Promise<CartItem | null> {
  const shards = new Map<string, Promise<Shard>>();
  const fetchShard = (url: string): Promise<Shard> => {
    const known = shards.get(url);
    if (known) return known;
    const shard = readShard(url);
    shards.set(url, shard);
    shard.catch(() => {
      if (shards.get(url) === shard) shards.delete(url);
    });
    return shard;
  };
  return async (courseId) => {
    const shard = await fetchShard(cartShardUrl(courseId));
    if (shard === null || !Object.hasOwn(shard, courseId)) return null;
    const item = shard[courseId];
    if (!isCartItemFor(item, courseId)) throw new Error(`Not the cart item of ${courseId}`);
    return item;
  };
}

async function readShard(url: string): Promise<Shard> {
  const response = await fetch(url, { signal: AbortSignal.timeout(15_000) });
  if (response.status === 404) return null;
  if (!response.ok) throw new Error(`${response.status} for ${response.url}`);
  const body: unknown = await response.json();
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new Error(`Not a cart shard: ${url}`);
  return body as Record<string, unknown>;
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
export function createCartStore({ lookUp = createCartItemLookUp(), ...options }: StoreOptions = {}): CartStore {
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
