import { toMinorUnits } from './format';
import type { SavedListCodec } from './saved-list';
import type { CartItem } from './types';

import { cartRules, type StoredEntry } from './saved-list-rules';

export { isCourseId, type CatalogueLookup } from './saved-list';
export { CART_STORAGE_KEY, isCartItemFor, type StoredEntry } from './saved-list-rules';

/** SPEC §3. `total_amount` is integer minor units of the shop's currency (cents); `formatPrice()` turns it into text. */
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
    total_amount: cart.reduce((sum, item) => sum + toMinorUnits(item.discounted_price), 0),
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

/** The cart as a saved list: its rules, and entries saved as the catalogue's cart items. */
export const cartCodec: SavedListCodec<StoredEntry> = {
  ...cartRules,
  entryOf: (item) => item,
  entryOfId: (id) => ({ courseID: id }),
  serialize: serializeCart,
};
