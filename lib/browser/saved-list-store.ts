import { isCourseId, mergeSavedEntries, parseSavedList, SAVED_LIST_CAP, type SavedListCodec } from '../saved-list';
import type { CartItem } from '../types';

/** How many course records a page fetches at once: a browser's connections per host. */
export const LOOKUP_CONCURRENCY = 6;

export type SavedListStatus =
  /** Nothing is being checked: a page that shows only the count (no request for what storage holds). */
  | 'idle'
  /** Some ids are still being checked against the catalogue. */
  | 'loading'
  /** Every id is checked. */
  | 'ready'
  /** Some saved ids could not be checked (offline, server error): they stay saved, unshown. */
  | 'unverified';

export type SavedListSnapshot = {
  status: SavedListStatus;
  /** The confirmed items, priced by the catalogue; the same array until they change. */
  items: CartItem[];
  /**
   * What the badge shows: what storage holds in the site's own form until checked; then the
   * confirmed items, and those that could not be checked, which stay saved.
   */
  count: number;
  /** The ids in the list (adds on their way included), for toggles. */
  ids: ReadonlySet<string>;
  /** How many saved courses could not be checked. */
  unverified: number;
  /** How many saved ids the catalogue does not have, dropped while checking. */
  missing: number;
  /** How many saved ids past the cap were dropped while checking. */
  overflow: number;
};

/** What `add` did: 'unverified' means it is saved but could not be checked yet; 'full' that the list is at its cap. */
export type AddResult = 'added' | 'present' | 'unknown' | 'unverified' | 'full';

/**
 * A saved list as an external store for `useSyncExternalStore`. localStorage holds the
 * shared, untrusted copy (`raw`). Pages that show the items call `check()`: each saved id
 * (the first `SAVED_LIST_CAP`) is then looked up once per visit, a few at a time, and only
 * what the catalogue says is shown; other pages read the count and fetch nothing. When
 * storage is missing or throws (private mode, disabled, quota exceeded), the in-memory copy
 * keeps the list working for the rest of the visit.
 */
export type SavedListStore = {
  /** Listens for changes made here and, via the `storage` event, in other tabs. */
  subscribe: (onChange: () => void) => () => void;
  /** The current list; the same object until it changes. Reads storage on first call. */
  getSnapshot: () => SavedListSnapshot;
  /** Starts checking the saved ids against the catalogue, and writes back a cleaned list. */
  check: () => void;
  /** Adds a course by id once the catalogue has confirmed it; resolves with what happened. */
  add: (courseId: string) => Promise<AddResult>;
  /** Replaces the confirmed items (removing, reordering); unchecked entries stay saved. */
  update: (next: (items: CartItem[]) => CartItem[]) => void;
  /** Removes one course, checked or not. */
  remove: (courseId: string) => void;
  /** Empties the list, the courses not checked yet too. */
  clear: () => void;
  /** Checks again the ids that could not be checked. */
  retry: () => void;
};

/** Until the browser has read storage, the list is unknown: the static HTML and hydration render this. */
export function getServerSavedListSnapshot(): null {
  return null;
}

/**
 * Creates the store. Nothing touches `window` until the first `getSnapshot()` or `subscribe()`,
 * so this is safe to call while rendering on the server.
 */
export function createSavedListStore<Entry>(
  codec: SavedListCodec<Entry>,
  {
    getStorage = () => window.localStorage,
    lookUp,
    cap = SAVED_LIST_CAP,
    concurrency = LOOKUP_CONCURRENCY,
  }: {
    getStorage?: () => Storage;
    lookUp: (courseId: string) => Promise<CartItem | null>;
    cap?: number;
    concurrency?: number;
  },
): SavedListStore {
  let loaded = false;
  let checking = false;
  /** The saved value as last read or written; the in-memory truth when storage fails. */
  let raw: string | null = null;
  const known = new Map<string, CartItem | null>();
  const failed = new Set<string>();
  /** Look-ups asked for, each settling when its answer is in `known` or `failed`. */
  const pending = new Map<string, Promise<void>>();
  const queue: { id: string; done: () => void }[] = [];
  let active = 0;
  /** Adds waiting for their check, in the order they were asked for. */
  const adding = new Map<string, Promise<AddResult>>();
  let missing = 0;
  let overflow = 0;
  const listeners = new Set<() => void>();
  let snapshot: SavedListSnapshot | undefined;

  const parse = () => parseSavedList(raw, known, codec, cap);

  function load() {
    if (loaded) return;
    loaded = true;
    try {
      raw = getStorage().getItem(codec.key);
    } catch {
      // Unreadable storage is an empty list.
    }
  }

  function save(next: string) {
    raw = next;
    try {
      getStorage().setItem(codec.key, next);
    } catch {
      // Storage unavailable or full: the in-memory copy stays the truth for this visit.
    }
  }

  function compute(): SavedListSnapshot {
    const parsed = parse();
    const waiting = adding.size > 0 || (checking && parsed.unchecked.some((id) => !failed.has(id)));
    const status: SavedListStatus = !checking
      ? 'idle'
      : waiting
        ? 'loading'
        : parsed.unchecked.length > 0
          ? 'unverified'
          : 'ready';
    const items = snapshot && sameItems(snapshot.items, parsed.items) ? snapshot.items : parsed.items;
    const idList = [...parsed.ids, ...adding.keys()];
    const ids = snapshot && sameIds(snapshot.ids, idList) ? snapshot.ids : new Set(idList);
    const next: SavedListSnapshot = {
      status,
      items,
      // Until checked, what storage holds in the site's own form (as the first paint counts it);
      // once checked, the confirmed items, and those that could not be checked, which stay saved.
      count:
        status === 'ready'
          ? items.length
          : status === 'unverified'
            ? items.length + parsed.unchecked.length
            : parsed.count,
      ids,
      unverified: status === 'unverified' ? parsed.unchecked.length : 0,
      missing,
      overflow,
    };
    if (snapshot && (Object.keys(next) as (keyof SavedListSnapshot)[]).every((key) => snapshot![key] === next[key]))
      return snapshot;
    return next;
  }

  function changed() {
    const next = compute();
    if (next === snapshot) return;
    const seen = snapshot !== undefined;
    snapshot = next;
    if (seen) for (const listener of listeners) listener();
  }

  /** Writes back a saved value that differs from what it means (tampered, unknown ids, past the cap, bad JSON). */
  function writeBack() {
    if (raw === null) return;
    const parsed = parse();
    if (parsed.clean) return;
    missing += parsed.missing;
    overflow += parsed.overflow;
    save(codec.serialize(parsed.entries));
  }

  /** Looks `id` up unless it is known or on its way; at most `concurrency` at once. */
  function request(id: string): Promise<void> {
    if (known.has(id)) return Promise.resolve();
    const existing = pending.get(id);
    if (existing) return existing;
    failed.delete(id);
    const promise = new Promise<void>((done) => queue.push({ id, done }));
    pending.set(id, promise);
    pump();
    return promise;
  }

  function pump() {
    while (active < concurrency && queue.length > 0) {
      const { id, done } = queue.shift()!;
      active += 1;
      lookUp(id)
        .then(
          (item) => {
            known.set(id, item);
          },
          () => {
            failed.add(id);
          },
        )
        .finally(() => {
          active -= 1;
          pending.delete(id);
          done();
          settle();
          pump();
        });
    }
  }

  /** Looks up every saved id not checked yet (never an id that failed, until `retry`). */
  function checkSaved() {
    if (!checking) return;
    for (const id of parse().unchecked) if (!failed.has(id)) void request(id);
  }

  function settle() {
    if (checking) writeBack();
    changed();
  }

  function onStorage(event: StorageEvent) {
    // key === null: another tab called localStorage.clear().
    if (event.key !== codec.key && event.key !== null) return;
    try {
      if (event.storageArea !== getStorage()) return;
    } catch {
      return;
    }
    raw = event.key === null ? null : event.newValue;
    checkSaved();
    // Another tab (or someone in devtools) saved a bad value: store the clean one instead.
    settle();
  }

  function onOnline() {
    store.retry();
  }

  function update(next: (items: CartItem[]) => CartItem[]) {
    load();
    const parsed = parse();
    const items = next(parsed.items);
    if (sameItems(items, parsed.items)) return;
    save(codec.serialize(mergeSavedEntries(parsed.entries, known, items, codec)));
    changed();
  }

  async function addChecked(id: string): Promise<AddResult> {
    await request(id);
    const item = known.get(id);
    // Every add asked for earlier lands first, so the list keeps the order of the taps.
    for (const [earlier, waiting] of adding) {
      if (earlier === id) break;
      await waiting;
    }
    adding.delete(id);
    load();
    const parsed = parse();
    let result: AddResult;
    if (parsed.ids.includes(id)) result = 'present';
    else if (item === null) result = 'unknown';
    else if (parsed.ids.length >= cap) result = 'full';
    else if (item === undefined) {
      // Not checked (offline): save the id, so that nothing is lost; it is checked later.
      save(codec.serialize([...parsed.entries, codec.entryOfId(id)]));
      result = 'unverified';
    } else {
      save(codec.serialize([...parsed.entries, codec.entryOf(item)]));
      result = 'added';
    }
    changed();
    return result;
  }

  const store: SavedListStore = {
    subscribe(onChange) {
      listeners.add(onChange);
      if (listeners.size === 1) {
        window.addEventListener('storage', onStorage);
        window.addEventListener('online', onOnline);
        load();
        checkSaved();
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
    check() {
      load();
      if (checking) return;
      checking = true;
      // Past the cap and unreadable parts go first, so that the look-ups below read a short list.
      writeBack();
      checkSaved();
      changed();
    },
    add(courseId) {
      if (!isCourseId(courseId)) return Promise.resolve('unknown');
      const waiting = adding.get(courseId);
      if (waiting) return waiting;
      load();
      if (parse().ids.includes(courseId)) return Promise.resolve('present');
      const result = addChecked(courseId);
      adding.set(courseId, result);
      changed();
      return result;
    },
    update,
    remove(courseId) {
      load();
      const parsed = parse();
      if (!parsed.ids.includes(courseId)) return;
      save(codec.serialize(parsed.entries.filter((entry) => codec.idOf(entry) !== courseId)));
      changed();
    },
    clear() {
      load();
      if (raw === null || raw === codec.serialize([])) return;
      save(codec.serialize([]));
      changed();
    },
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

function sameIds(a: ReadonlySet<string>, b: readonly string[]): boolean {
  return a.size === b.length && b.every((id) => a.has(id));
}

/**
 * The number a navbar badge shows: none while the list is unknown (the static HTML, hydration,
 * where the first-paint script has written it from storage by the same rules), then its count.
 */
export function badgeCount(snapshot: SavedListSnapshot | null): number | null {
  return snapshot === null ? null : snapshot.count;
}
