import { parseStoredCart, serializeCart } from './cart';
import type { CartItem } from './types';

/** The localStorage key of the saved cart (SPEC §7). */
export const CART_STORAGE_KEY = 'cart';

/**
 * The cart's items as an external store for `useSyncExternalStore`: localStorage is the
 * shared copy, an in-memory list is this tab's copy. When storage is missing or throws
 * (private mode, disabled, quota exceeded), the in-memory copy keeps the cart working
 * for the rest of the visit.
 */
export type CartStore = {
  /** Listens for changes made here and, via the `storage` event, in other tabs. */
  subscribe: (onChange: () => void) => () => void;
  /** The current items; the same array until they change. Reads storage on first call. */
  getSnapshot: () => CartItem[];
  /** Replaces the items, saves them and notifies listeners. */
  setItems: (items: CartItem[]) => void;
};

/** Until the browser has read storage, the cart is unknown: the static HTML and hydration render this. */
export function getServerCartSnapshot(): null {
  return null;
}

/**
 * Creates the store. Nothing touches `window` until the first `getSnapshot()` or `subscribe()`,
 * so this is safe to call while rendering on the server.
 */
export function createCartStore(
  index: Readonly<Record<string, CartItem>>,
  getStorage: () => Storage = () => window.localStorage,
): CartStore {
  let items: CartItem[] | undefined;
  let needsWriteBack = false;
  const listeners = new Set<() => void>();

  function save(next: CartItem[]) {
    try {
      getStorage().setItem(CART_STORAGE_KEY, serializeCart(next));
    } catch {
      // Storage unavailable or full: the in-memory copy stays the truth for this visit.
    }
  }

  function load(): CartItem[] {
    if (items === undefined) {
      let raw: string | null = null;
      try {
        raw = getStorage().getItem(CART_STORAGE_KEY);
      } catch {
        // Unreadable storage is an empty cart.
      }
      const parsed = parseStoredCart(raw, index);
      items = parsed.items;
      needsWriteBack = !parsed.clean;
    }
    return items;
  }

  function notify() {
    for (const listener of listeners) listener();
  }

  function onStorage(event: StorageEvent) {
    // key === null: another tab called localStorage.clear().
    if (event.key !== CART_STORAGE_KEY && event.key !== null) return;
    try {
      if (event.storageArea !== getStorage()) return;
    } catch {
      return;
    }
    const parsed = parseStoredCart(event.key === null ? null : event.newValue, index);
    // Another tab (or someone in devtools) saved a bad value: store the clean one instead.
    if (!parsed.clean) save(parsed.items);
    if (serializeCart(parsed.items) === serializeCart(load())) return;
    items = parsed.items;
    notify();
  }

  return {
    subscribe(onChange) {
      listeners.add(onChange);
      if (listeners.size === 1) {
        window.addEventListener('storage', onStorage);
        // Write back here rather than in getSnapshot(), which runs during render and must stay pure.
        load();
        if (needsWriteBack) {
          needsWriteBack = false;
          save(load());
        }
      }
      return () => {
        listeners.delete(onChange);
        if (listeners.size === 0) window.removeEventListener('storage', onStorage);
      };
    },
    getSnapshot: load,
    setItems(next) {
      items = next;
      needsWriteBack = false;
      save(next);
      notify();
    },
  };
}
