import { toCents } from './format';
import type { CartItem } from './types';

/** SPEC §3. `total_amount` is integer cents; `formatPrice()` turns it into text. */
export type CartState = {
  cart: CartItem[];
  total_items: number;
  total_amount: number;
};

/** The cart's action types (SPEC §4). */
export const CART_ACTION = {
  add: 'ADD_TO_CART',
  remove: 'REMOVE_ITEM',
  clear: 'CLEAR_CART',
  totals: 'COUNT_CART_TOTALS',
} as const;

/** What can happen to the cart; `type` picks the payload. */
export type CartAction =
  | { type: typeof CART_ACTION.add; item: CartItem }
  | { type: typeof CART_ACTION.remove; courseID: string }
  | { type: typeof CART_ACTION.clear }
  | { type: typeof CART_ACTION.totals };

/** The cart before anything is added, and after Clear. */
export const emptyCart: CartState = { cart: [], total_items: 0, total_amount: 0 };

/** A cart state for these items, with totals that always match them. */
export function toCartState(cart: CartItem[]): CartState {
  return {
    cart,
    total_items: cart.length,
    total_amount: cart.reduce((sum, item) => sum + toCents(item.discounted_price), 0),
  };
}

/**
 * The cart's transitions. A change that changes nothing (adding a course already in the
 * cart, removing one that is not, clearing an empty cart) returns the same state object,
 * so callers can skip saving. An unknown action type throws (SPEC §8).
 */
export function cartReducer(state: CartState, action: CartAction): CartState {
  switch (action.type) {
    case CART_ACTION.add:
      if (state.cart.some((item) => item.courseID === action.item.courseID)) return state;
      return toCartState([...state.cart, action.item]);
    case CART_ACTION.remove: {
      const cart = state.cart.filter((item) => item.courseID !== action.courseID);
      return cart.length === state.cart.length ? state : toCartState(cart);
    }
    case CART_ACTION.clear:
      return state.cart.length === 0 ? state : emptyCart;
    case CART_ACTION.totals:
      return toCartState(state.cart);
    default:
      throw new Error(`No matching "${String((action as { type?: unknown }).type)}" - action type`);
  }
}

/**
 * A saved cart entry. Only `courseID` is trusted; the other fields are kept as they were saved
 * while the course has not been checked against the catalogue yet (offline, say), and are
 * never shown.
 */
export type StoredEntry = { courseID: string } & Partial<Record<Exclude<keyof CartItem, 'courseID'>, unknown>>;

/**
 * What the catalogue said about each course id checked so far: its cart item, or `null`
 * when it has no such course. An id that is absent has not been checked (yet).
 */
export type CatalogueLookup = ReadonlyMap<string, CartItem | null>;

/** The saved form of a cart (SPEC §7): a JSON list of the spec's cart item fields, in a fixed order. */
export function serializeCart(items: readonly StoredEntry[]): string {
  return JSON.stringify(
    items.map(({ courseID, image, course_name, creator, discounted_price, category }) => ({
      courseID,
      image,
      course_name,
      creator,
      discounted_price,
      category,
    })),
  );
}

/** The schema's URL-safe id rule: anything else cannot be a course and is never looked up. */
const COURSE_ID = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Whether `id` has the form of a course id (it may still be missing from the catalogue). */
export function isCourseId(id: unknown): id is string {
  return typeof id === 'string' && id.length <= 100 && COURSE_ID.test(id);
}

export type ParsedCart = {
  /** The entries the catalogue confirmed, each with the catalogue's fields. */
  items: CartItem[];
  /** Ids not confirmed yet: kept in `entries`, not in `items`. */
  unchecked: string[];
  /** What to keep saved: confirmed items, unchecked entries as they were; unknown ids are gone. */
  entries: StoredEntry[];
  /** False when `raw` differs from `serializeCart(entries)` and should be written back. */
  clean: boolean;
};

/**
 * Reads a saved cart without trusting it. Invalid JSON, a non-list, non-object items,
 * ids that are not course ids, ids the catalogue lacks and duplicates are dropped. Every
 * field but the id comes from `known`, so a price edited in storage never reaches the cart;
 * an id `known` has not checked yet is kept, unshown, so that nothing is lost while the
 * catalogue cannot be reached. `null` (nothing saved) is an empty, clean cart.
 */
export function parseStoredCart(raw: string | null, known: CatalogueLookup): ParsedCart {
  if (raw === null) return { items: [], unchecked: [], entries: [], clean: true };

  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return { items: [], unchecked: [], entries: [], clean: false };
  }
  if (!Array.isArray(value)) return { items: [], unchecked: [], entries: [], clean: false };

  const items: CartItem[] = [];
  const unchecked: string[] = [];
  const entries: StoredEntry[] = [];
  const seen = new Set<string>();
  for (const entry of value) {
    const id = courseIdOf(entry);
    if (id === undefined || seen.has(id)) continue;
    seen.add(id);
    const item = known.get(id);
    if (item === null) continue;
    if (item === undefined) {
      unchecked.push(id);
      entries.push(entry as StoredEntry);
    } else {
      items.push(item);
      entries.push(item);
    }
  }
  return { items, unchecked, entries, clean: raw === serializeCart(entries) };
}

function courseIdOf(entry: unknown): string | undefined {
  if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) return undefined;
  const id: unknown = (entry as { courseID?: unknown }).courseID;
  return isCourseId(id) ? id : undefined;
}

/**
 * The entries to save after the confirmed part of the cart became `cart`: confirmed entries
 * missing from `cart` are gone, unchecked ones stay where they were, new items go last.
 */
export function mergeEntries(
  entries: readonly StoredEntry[],
  known: CatalogueLookup,
  cart: readonly CartItem[],
): StoredEntry[] {
  const kept = new Set(cart.map((item) => item.courseID));
  const merged = entries.filter((entry) => !known.get(entry.courseID) || kept.has(entry.courseID));
  const present = new Set(merged.map((entry) => entry.courseID));
  return [...merged, ...cart.filter((item) => !present.has(item.courseID))];
}

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
