import { SAVED_LIST_CAP } from '../saved-list';
import { badgeCount, createSavedListStore, LOOKUP_CONCURRENCY } from './saved-list-store';
import type { CartItem } from '../types';
import { wishlistCodec, WISHLIST_STORAGE_KEY } from './wishlist';

const real: CartItem[] = ['py-101', 'web-102'].map((id) => ({
  courseID: id,
  image: `/images/courses/${id}.svg`,
  course_name: `Course ${id}`,
  creator: 'Ada',
  discounted_price: 9.99,
  category: 'python',
}));
const [first, second] = real as [CartItem, CartItem];

/** A catalogue that answers when the test says so, recording how many look-ups run at once. */
function slowCatalogue() {
  const byId = new Map(real.map((item) => [item.courseID, item]));
  const waiting: { id: string; resolve: (item: CartItem | null) => void; reject: (error: Error) => void }[] = [];
  const state = { offline: false, running: 0, most: 0 };
  const lookUp = jest.fn(
    (id: string) =>
      new Promise<CartItem | null>((resolve, reject) => {
        state.running += 1;
        state.most = Math.max(state.most, state.running);
        waiting.push({
          id,
          resolve: (item) => {
            state.running -= 1;
            resolve(item);
          },
          reject: (error) => {
            state.running -= 1;
            reject(error);
          },
        });
      }),
  );
  /** Answers every waiting look-up, as the catalogue would (or fails them while offline); repeats until none waits. */
  async function answerAll() {
    while (waiting.length > 0) {
      for (const entry of waiting.splice(0)) {
        if (state.offline) entry.reject(new TypeError('Failed to fetch'));
        else entry.resolve(byId.get(entry.id) ?? null);
      }
      await flush();
    }
  }
  return { lookUp, answerAll, state };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const saved = () => JSON.parse(localStorage.getItem(WISHLIST_STORAGE_KEY) ?? 'null') as unknown;
const junk = (count: number) => Array.from({ length: count }, (_, n) => `made-up-${n}`);

afterEach(() => localStorage.clear());

describe('createSavedListStore', () => {
  it('fetches nothing on a page that only shows the count, however much storage holds', async () => {
    localStorage.setItem(WISHLIST_STORAGE_KEY, JSON.stringify([first.courseID, ...junk(10_000)]));
    const { lookUp } = slowCatalogue();
    const store = createSavedListStore(wishlistCodec, { lookUp });
    store.subscribe(() => {});
    await flush();
    expect(lookUp).not.toHaveBeenCalled();
    // The badge reads at most the cap; every id of the wishlist counts until checked.
    expect(store.getSnapshot()).toMatchObject({ status: 'idle', count: SAVED_LIST_CAP });
    expect(badgeCount(store.getSnapshot())).toBe(SAVED_LIST_CAP);
    expect(store.getSnapshot().ids.has(first.courseID)).toBe(true);
  });

  it('checks only the first 100 distinct ids, 6 at a time, and drops the rest (distinct ids) with a count', async () => {
    const ids = [first.courseID, ...junk(150), first.courseID, second.courseID];
    localStorage.setItem(WISHLIST_STORAGE_KEY, JSON.stringify(ids));
    const { lookUp, answerAll, state } = slowCatalogue();
    const store = createSavedListStore(wishlistCodec, { lookUp });
    store.subscribe(() => {});
    store.check();
    // Past the cap is dropped at once, before any answer.
    expect(saved()).toEqual(ids.slice(0, SAVED_LIST_CAP));
    expect(lookUp).toHaveBeenCalledTimes(LOOKUP_CONCURRENCY);
    expect(store.getSnapshot()).toMatchObject({ status: 'loading', overflow: 52 });

    await answerAll();
    expect(state.most).toBe(LOOKUP_CONCURRENCY);
    expect(lookUp).toHaveBeenCalledTimes(SAVED_LIST_CAP);
    expect(store.getSnapshot()).toMatchObject({ status: 'ready', items: [first], missing: 99, overflow: 52, count: 1 });
    expect(saved()).toEqual([first.courseID]);
  });

  it('keeps real items however much junk surrounds them, reading what the site saved first', async () => {
    const entries: unknown[] = junk(9_998).map((id) => ({ courseID: id }));
    entries.splice(4_000, 0, first);
    entries.splice(9_000, 0, second);
    localStorage.setItem('cart', JSON.stringify(entries));
    const { cartCodec } = await import('../cart');
    const { lookUp, answerAll } = slowCatalogue();
    const store = createSavedListStore(cartCodec, { lookUp });
    store.subscribe(() => {});
    expect(store.getSnapshot().count).toBe(2);
    store.check();
    await answerAll();
    expect(store.getSnapshot()).toMatchObject({ status: 'ready', items: [first, second], missing: 98 });
    expect(lookUp).toHaveBeenCalledTimes(SAVED_LIST_CAP);
  });

  it('tells a course the catalogue lacks (404: dropped, counted once) from one it cannot reach (offline: kept)', async () => {
    localStorage.setItem(WISHLIST_STORAGE_KEY, JSON.stringify(['gone-101', first.courseID]));
    const { lookUp, answerAll, state } = slowCatalogue();
    const store = createSavedListStore(wishlistCodec, { lookUp });
    store.subscribe(() => {});
    store.check();
    state.offline = true;
    await answerAll();
    expect(store.getSnapshot()).toMatchObject({ status: 'unverified', unverified: 2, missing: 0, items: [] });
    expect(saved()).toEqual(['gone-101', first.courseID]);

    state.offline = false;
    store.retry();
    await answerAll();
    expect(store.getSnapshot()).toMatchObject({ status: 'ready', unverified: 0, missing: 1, items: [first] });
    expect(saved()).toEqual([first.courseID]);

    // Said once: another tab saving the same id again does not count it twice.
    window.dispatchEvent(
      new StorageEvent('storage', {
        key: WISHLIST_STORAGE_KEY,
        newValue: JSON.stringify([first.courseID]),
        storageArea: localStorage,
      }),
    );
    expect(store.getSnapshot().missing).toBe(1);
  });

  it('refuses an add past the cap', async () => {
    localStorage.setItem(WISHLIST_STORAGE_KEY, JSON.stringify(junk(SAVED_LIST_CAP)));
    const { lookUp, answerAll } = slowCatalogue();
    const store = createSavedListStore(wishlistCodec, { lookUp });
    store.subscribe(() => {});
    const result = store.add(first.courseID);
    await answerAll();
    await expect(result).resolves.toBe('full');
    expect(saved()).toEqual(junk(SAVED_LIST_CAP));
  });

  it('shows an add at once to toggles, before the catalogue answers', async () => {
    const { lookUp, answerAll } = slowCatalogue();
    const store = createSavedListStore(wishlistCodec, { lookUp });
    store.subscribe(() => {});
    const result = store.add(first.courseID);
    expect(store.getSnapshot().ids.has(first.courseID)).toBe(true);
    await answerAll();
    await expect(result).resolves.toBe('added');
    expect(saved()).toEqual([first.courseID]);
  });
});
