'use client';

import { createContext, useCallback, useContext, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { CART_ACTION, emptyCart, type CartState } from '@/lib/cart';
import { createCartStore, getServerCartSnapshot, type AddResult } from '@/lib/cart-storage';

type CartContextValue = {
  /**
   * 'loading' until every course in the cart is checked against the catalogue (always during
   * the static HTML and hydration); 'unverified' when some could not be checked (offline).
   */
  status: 'loading' | 'ready' | 'unverified';
  /** The confirmed items; empty while loading. Show no count and no items until `status` is 'ready'. */
  state: CartState;
  /** How many saved courses could not be checked; they stay saved. */
  unverified: number;
  add: (courseId: string) => Promise<AddResult>;
  remove: (courseId: string) => void;
  clear: () => void;
  retry: () => void;
};

const CartContext = createContext<CartContextValue | null>(null);

/**
 * Holds the cart for the whole site. It carries no catalogue data: the store fetches the
 * cart item of each course in the cart, so every page stays the same size whatever the catalogue.
 */
export function CartProvider({ children }: { children: ReactNode }) {
  const [store] = useState(createCartStore);
  const snapshot = useSyncExternalStore(store.subscribe, store.getSnapshot, getServerCartSnapshot);

  const remove = useCallback(
    (courseId: string) => store.dispatch({ type: CART_ACTION.remove, courseID: courseId }),
    [store],
  );
  const clear = useCallback(() => store.dispatch({ type: CART_ACTION.clear }), [store]);

  const value = useMemo<CartContextValue>(
    () => ({
      status: snapshot?.status ?? 'loading',
      state: snapshot?.state ?? emptyCart,
      unverified: snapshot?.unverified ?? 0,
      add: store.add,
      remove,
      clear,
      retry: store.retry,
    }),
    [snapshot, store, remove, clear],
  );

  return <CartContext value={value}>{children}</CartContext>;
}

/** The cart and its actions. Only inside `<CartProvider>`. */
export function useCart(): CartContextValue {
  const value = useContext(CartContext);
  if (value === null) throw new Error('useCart must be used inside <CartProvider>');
  return value;
}
