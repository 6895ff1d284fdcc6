'use client';

import { createContext, useContext, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { CART_ACTION, emptyCart, type CartState } from '@/lib/cart';
import { createCartStore, type AddResult, type CartStore } from '@/lib/browser/cart-storage';
import { badgeCount, getServerSavedListSnapshot, type SavedListSnapshot } from '@/lib/browser/saved-list-store';

/** What the cart and the wishlist providers both give: the list's state and what its page shows. */
export type SavedListContextValue = {
  /**
   * 'idle' on pages that only show the count; 'loading' until every course is checked against
   * the catalogue (always during the static HTML and hydration); 'unverified' when some could
   * not be checked (offline).
   */
  status: SavedListSnapshot['status'];
  /** Whether the browser has read the list: false in the static HTML and during hydration. */
  loaded: boolean;
  /** The badge's number; null while it is not known yet. */
  count: number | null;
  /** How many saved courses could not be checked; they stay saved. */
  unverified: number;
  /** How many saved courses the catalogue does not have: dropped from the list. */
  missing: number;
  /** How many saved ids past the cap were dropped. */
  overflow: number;
  /** The ids in the list, for toggles; empty until storage is read. */
  ids: ReadonlySet<string>;
  add: (courseId: string) => Promise<AddResult>;
  remove: (courseId: string) => void;
  clear: () => void;
  retry: () => void;
  /** Looks the saved courses up: for the page that shows them. */
  check: () => void;
};

const noIds: ReadonlySet<string> = new Set();

type Store<Snapshot extends SavedListSnapshot = SavedListSnapshot> = {
  subscribe: (onChange: () => void) => () => void;
  getSnapshot: () => Snapshot;
  add: (courseId: string) => Promise<AddResult>;
  retry: () => void;
  check: () => void;
};

type SnapshotOf<S extends Store> = ReturnType<S['getSnapshot']>;

/**
 * What a list's provider shares: the store and its actions, never a snapshot. The value never
 * changes, so reading storage re-renders only the components that show the list (each subscribes
 * itself), not a context change walked through the whole page.
 */
export type SavedList<S extends Store> = {
  store: S;
  /** The store as the page sees it (`readAfterHydration`). */
  view: { subscribe: (onChange: () => void) => () => void; getSnapshot: () => SnapshotOf<S> | null };
  remove: (courseId: string) => void;
  clear: () => void;
};

/**
 * The store as the page sees it: unknown (the server's snapshot) until a task after hydration has
 * read storage. Reading storage, listening to other tabs and re-rendering each component that shows
 * the list then take small tasks of their own, instead of lengthening hydration's last one, the
 * longest a slow phone runs (docs/performance.md, "Lighthouse").
 */
function readAfterHydration<S extends Store>(store: S): SavedList<S>['view'] {
  let read = false;
  return {
    subscribe(onChange) {
      let unsubscribe = () => {};
      const timer = setTimeout(() => {
        read = true;
        unsubscribe = store.subscribe(onChange);
        onChange();
      });
      return () => {
        clearTimeout(timer);
        unsubscribe();
      };
    },
    getSnapshot: () => (read ? (store.getSnapshot() as SnapshotOf<S>) : null),
  };
}

/** A provider's shared value for `store`: the same object for the provider's life. */
export function useSavedList<S extends Store>(
  createStore: () => S,
  actions: (store: S) => Pick<SavedList<S>, 'remove' | 'clear'>,
): SavedList<S> {
  const [list] = useState(() => {
    const store = createStore();
    return { store, view: readAfterHydration(store), ...actions(store) };
  });
  return list;
}

/**
 * A saved list's context for a component that shows it: the parts every list has, and its own
 * `key` from the snapshot (`fallback` until storage is read).
 */
export function useSavedListValue<S extends Store, K extends keyof SnapshotOf<S>>(
  list: SavedList<S>,
  key: K,
  fallback: SnapshotOf<S>[K],
): SavedListContextValue & Pick<SnapshotOf<S>, K> {
  const { store, view, remove, clear } = list;
  const snapshot = useSyncExternalStore<SnapshotOf<S> | null>(
    view.subscribe,
    view.getSnapshot,
    getServerSavedListSnapshot,
  );
  return useMemo(
    () => ({
      [key]: snapshot?.[key] ?? fallback,
      status: snapshot?.status ?? 'loading',
      loaded: snapshot !== null,
      count: badgeCount(snapshot),
      unverified: snapshot?.unverified ?? 0,
      missing: snapshot?.missing ?? 0,
      overflow: snapshot?.overflow ?? 0,
      ids: snapshot?.ids ?? noIds,
      add: store.add,
      remove,
      clear,
      retry: store.retry,
      check: store.check,
    }),
    [snapshot, store, remove, clear, key, fallback],
  ) as SavedListContextValue & Pick<SnapshotOf<S>, K>;
}

type CartContextValue = SavedListContextValue & {
  /** The confirmed items; empty while loading. Show no items until `status` is 'ready' or 'unverified'. */
  state: CartState;
};

const CartContext = createContext<SavedList<CartStore> | null>(null);

/**
 * Holds the cart for the whole site. It carries no catalogue data: the cart page looks up
 * the cart item of each course in the cart, so every page stays the same size whatever the
 * catalogue, and the other pages fetch nothing.
 */
export function CartProvider({ children }: { children: ReactNode }) {
  const list = useSavedList(createCartStore, (store) => ({
    remove: (courseId: string) => store.dispatch({ type: CART_ACTION.remove, courseID: courseId }),
    clear: () => store.dispatch({ type: CART_ACTION.clear }),
  }));
  return <CartContext value={list}>{children}</CartContext>;
}

/** The cart and its actions. Only inside `<CartProvider>`. */
export function useCart(): CartContextValue {
  const list = useContext(CartContext);
  if (list === null) throw new Error('useCart must be used inside <CartProvider>');
  return useSavedListValue(list, 'state', emptyCart);
}
