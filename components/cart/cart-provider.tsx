'use client';

import { createContext, useCallback, useContext, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { CART_ACTION, cartReducer, emptyCart, toCartState, type CartAction, type CartState } from '@/lib/cart';
import { createCartStore, getServerCartSnapshot } from '@/lib/cart-storage';
import type { CartItem } from '@/lib/types';

type CartContextValue = {
  /** 'loading' until the browser has read the saved cart (always during the static HTML and hydration). */
  status: 'loading' | 'ready';
  /** The empty cart while loading; show no count and no items until `status` is 'ready'. */
  state: CartState;
  add: (courseId: string) => void;
  remove: (courseId: string) => void;
  clear: () => void;
};

const CartContext = createContext<CartContextValue | null>(null);

/**
 * Holds the cart for the whole site. `index` is the slim catalogue (`getCartIndex()`), passed
 * from the server so that the full catalogue never ships as JavaScript; it prices and
 * validates everything read from storage.
 */
export function CartProvider({ index, children }: { index: Record<string, CartItem>; children: ReactNode }) {
  const [store] = useState(() => createCartStore(index));
  const items = useSyncExternalStore(store.subscribe, store.getSnapshot, getServerCartSnapshot);

  const dispatch = useCallback(
    (action: CartAction) => {
      const current = toCartState(store.getSnapshot());
      const next = cartReducer(current, action);
      if (next !== current) store.setItems(next.cart);
    },
    [store],
  );

  const add = useCallback(
    (courseId: string) => {
      // Unknown ids are ignored: only catalogue courses can enter the cart.
      if (Object.hasOwn(index, courseId)) dispatch({ type: CART_ACTION.add, item: index[courseId] as CartItem });
    },
    [dispatch, index],
  );
  const remove = useCallback(
    (courseId: string) => dispatch({ type: CART_ACTION.remove, courseID: courseId }),
    [dispatch],
  );
  const clear = useCallback(() => dispatch({ type: CART_ACTION.clear }), [dispatch]);

  const value = useMemo<CartContextValue>(
    () => ({
      status: items === null ? 'loading' : 'ready',
      state: items === null ? emptyCart : toCartState(items),
      add,
      remove,
      clear,
    }),
    [items, add, remove, clear],
  );

  return <CartContext value={value}>{children}</CartContext>;
}

/** The cart and its actions. Only inside `<CartProvider>`. */
export function useCart(): CartContextValue {
  const value = useContext(CartContext);
  if (value === null) throw new Error('useCart must be used inside <CartProvider>');
  return value;
}
