import {
  CART_ACTION,
  cartReducer,
  isCartItemFor,
  isCourseId,
  mergeEntries,
  parseStoredCart,
  serializeCart,
  toCartState,
  type CartAction,
  type CartState,
} from './cart';
import { assetPath } from './routes';
import type { CartItem } from './types';

/** The localStorage key of the saved cart (SPEC §7). */
export const CART_STORAGE_KEY = 'cart';

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

export type CartStatus =
  /** Some ids in the cart are still being checked against the catalogue. */
  | 'loading'
  /** Every id in the cart is checked. */
  | 'ready'
  /** Some saved ids could not be checked (offline, server error): they stay saved, unshown. */
  | 'unverified';

export type CartSnapshot = {
  status: CartStatus;
  /** The confirmed items, priced by the catalogue. */
  state: CartState;
  /** How many saved courses could not be checked. */
  unverified: number;
};

/** What `add` did: 'unverified' means it is saved but could not be checked yet. */
export type AddResult = 'added' | 'present' | 'unknown' | 'unverified';

/**
 * The cart as an external store for `useSyncExternalStore`. localStorage holds the shared,
 * untrusted copy (`raw`); each saved id is checked once per visit against the catalogue's
 * static per-course file, and only what the catalogue says is shown. When storage is
 * missing or throws (private mode, disabled, quota exceeded), the in-memory copy keeps the
 * cart working for the rest of the visit.
 */
export type CartStore = {
  /** Listens for changes made here and, via the `storage` event, in other tabs. */
  subscribe: (onChange: () => void) => () => void;
  /** The current cart; the same object until it changes. Reads storage on first call. */
  getSnapshot: () => CartSnapshot;
  /** Adds a course by id once the catalogue has confirmed it; resolves with what happened. */
  add: (courseId: string) => Promise<AddResult>;
  /** Applies a remove or clear (or any action) to the confirmed items, saves and notifies. */
  dispatch: (action: CartAction) => void;
  /** Checks again the ids that could not be checked. */
  retry: () => void;
};

/** Until the browser has read storage, the cart is unknown: the static HTML and hydration render this. */
export function getServerCartSnapshot(): CartSnapshot | null {
  return null;
}

/**
 * Creates the store. Nothing touches `window` until the first `getSnapshot()` or `subscribe()`,
 * so this is safe to call while rendering on the server. Nothing is fetched for an empty cart.
 */
export function createCartStore({
  getStorage = () => window.localStorage,
  lookUp = fetchCartItem,
}: {
  getStorage?: () => Storage;
  lookUp?: (courseId: string) => Promise<CartItem | null>;
} = {}): CartStore {
  let loaded = false;
  /** The saved value as last read or written; the in-memory truth when storage fails. */
  let raw: string | null = null;
  const known = new Map<string, CartItem | null>();
  const inFlight = new Set<string>();
  const failed = new Set<string>();
  /** Adds waiting for their check, in the order they were asked for. */
  const adding = new Map<string, Promise<AddResult>>();
  const listeners = new Set<() => void>();
  let snapshot: CartSnapshot | undefined;

  function load() {
    if (loaded) return;
    loaded = true;
    try {
      raw = getStorage().getItem(CART_STORAGE_KEY);
    } catch {
      // Unreadable storage is an empty cart.
    }
  }

  function save(next: string) {
    raw = next;
    try {
      getStorage().setItem(CART_STORAGE_KEY, next);
    } catch {
      // Storage unavailable or full: the in-memory copy stays the truth for this visit.
    }
  }

  function compute(): CartSnapshot {
    const parsed = parseStoredCart(raw, known);
    const waiting = adding.size > 0 || parsed.unchecked.some((id) => !failed.has(id));
    const state = snapshot && sameItems(snapshot.state.cart, parsed.items) ? snapshot.state : toCartState(parsed.items);
    const status: CartStatus = waiting ? 'loading' : parsed.unchecked.length > 0 ? 'unverified' : 'ready';
    const unverified = waiting ? 0 : parsed.unchecked.length;
    if (snapshot && snapshot.state === state && snapshot.status === status && snapshot.unverified === unverified)
      return snapshot;
    return { status, state, unverified };
  }

  function changed() {
    const next = compute();
    if (next === snapshot) return;
    const seen = snapshot !== undefined;
    snapshot = next;
    if (seen) for (const listener of listeners) listener();
  }

  /** Writes back a saved value that differs from what it means (tampered, unknown ids, bad JSON). */
  function writeBack() {
    if (raw === null) return;
    const parsed = parseStoredCart(raw, known);
    if (!parsed.clean) save(serializeCart(parsed.entries));
  }

  function check(id: string): Promise<void> {
    if (known.has(id) || inFlight.has(id)) return Promise.resolve();
    inFlight.add(id);
    failed.delete(id);
    return lookUp(id)
      .then(
        (item) => {
          known.set(id, item);
        },
        () => {
          failed.add(id);
        },
      )
      .finally(() => {
        inFlight.delete(id);
        settle();
      });
  }

  /** Checks every saved id not checked yet (never an id that failed, until `retry`). */
  function checkSaved() {
    for (const id of parseStoredCart(raw, known).unchecked) if (!failed.has(id)) void check(id);
  }

  function settle() {
    if (listeners.size > 0) writeBack();
    changed();
  }

  function onStorage(event: StorageEvent) {
    // key === null: another tab called localStorage.clear().
    if (event.key !== CART_STORAGE_KEY && event.key !== null) return;
    try {
      if (event.storageArea !== getStorage()) return;
    } catch {
      return;
    }
    raw = event.key === null ? null : event.newValue;
    checkSaved();
    // Another tab (or someone in devtools) saved a bad value: store the clean one instead.
    writeBack();
    changed();
  }

  function onOnline() {
    store.retry();
  }

  function dispatch(action: CartAction) {
    load();
    const parsed = parseStoredCart(raw, known);
    const current = toCartState(parsed.items);
    const next = cartReducer(current, action);
    // Clear All means everything, the courses not checked yet too.
    const clearing = action.type === CART_ACTION.clear;
    if (next === current && !(clearing && parsed.entries.length > 0)) return;
    const entries = clearing ? [] : mergeEntries(parsed.entries, known, next.cart);
    save(serializeCart(entries));
    changed();
  }

  async function addChecked(id: string): Promise<AddResult> {
    await check(id);
    const item = known.get(id);
    // Every add asked for earlier lands first, so the cart keeps the order of the taps.
    for (const [earlier, pending] of adding) {
      if (earlier === id) break;
      await pending;
    }
    adding.delete(id);
    load();
    const parsed = parseStoredCart(raw, known);
    let result: AddResult;
    if (parsed.entries.some((entry) => entry.courseID === id)) result = 'present';
    else if (item === null) result = 'unknown';
    else if (item === undefined) {
      // Not checked (offline): save the id, so that nothing is lost; it is checked later.
      save(serializeCart([...parsed.entries, { courseID: id }]));
      result = 'unverified';
    } else {
      const next = cartReducer(toCartState(parsed.items), { type: CART_ACTION.add, item });
      save(serializeCart(mergeEntries(parsed.entries, known, next.cart)));
      result = 'added';
    }
    changed();
    return result;
  }

  const store: CartStore = {
    subscribe(onChange) {
      listeners.add(onChange);
      if (listeners.size === 1) {
        window.addEventListener('storage', onStorage);
        window.addEventListener('online', onOnline);
        // Checks and write-backs start here rather than in getSnapshot(), which runs during render.
        load();
        checkSaved();
        writeBack();
        changed();
      }
      return () => {
        listeners.delete(onChange);
        if (listeners.size === 0) {
          window.removeEventListener('storage', onStorage);
          window.removeEventListener('online', onOnline);
        }
      };
    },
    getSnapshot() {
      load();
      snapshot ??= compute();
      return snapshot;
    },
    add(courseId) {
      if (!isCourseId(courseId)) return Promise.resolve('unknown');
      const pending = adding.get(courseId);
      if (pending) return pending;
      load();
      if (parseStoredCart(raw, known).entries.some((entry) => entry.courseID === courseId))
        return Promise.resolve('present');
      const result = addChecked(courseId);
      adding.set(courseId, result);
      changed();
      return result;
    },
    dispatch,
    retry() {
      if (failed.size === 0) return;
      failed.clear();
      checkSaved();
      changed();
    },
  };
  return store;
}

function sameItems(a: readonly CartItem[], b: readonly CartItem[]): boolean {
  return a.length === b.length && a.every((item, position) => item === b[position]);
}
