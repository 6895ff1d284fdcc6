import type { CartItem } from '../types';
import { createWishlistStore, WISHLIST_STORAGE_KEY } from './wishlist';

const python: CartItem = {
  courseID: 'py-301',
  image: '/images/courses/py-301.svg',
  course_name: 'Advanced Python',
  creator: 'Ada',
  discounted_price: 19.99,
  category: 'python',
};
const design: CartItem = { ...python, courseID: 'des-101', course_name: 'Design Basics', category: 'design' };

function catalogue() {
  const byId = new Map([python, design].map((item) => [item.courseID, item]));
  const state = { offline: false };
  const lookUp = jest.fn((id: string) =>
    state.offline ? Promise.reject(new TypeError('Failed to fetch')) : Promise.resolve(byId.get(id) ?? null),
  );
  return { lookUp, state };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const saved = () => localStorage.getItem(WISHLIST_STORAGE_KEY);

/** What /wishlist/ does: listens, and checks the saved courses. */
function openWishlistPage(store: ReturnType<typeof createWishlistStore>) {
  store.subscribe(() => {});
  store.check();
}

afterEach(() => {
  localStorage.clear();
  jest.restoreAllMocks();
});

describe('the wishlist store', () => {
  it('saves a JSON list of course ids, in the order they were added', async () => {
    const store = createWishlistStore(catalogue());
    store.subscribe(() => {});
    await expect(store.add('des-101')).resolves.toBe('added');
    await expect(store.add('py-301')).resolves.toBe('added');
    await expect(store.add('py-301')).resolves.toBe('present');
    expect(saved()).toBe('["des-101","py-301"]');
    store.remove('des-101');
    expect(saved()).toBe('["py-301"]');
  });

  it.each([
    ['invalid JSON', '["py-301"'],
    ['an object', '{"py-301":true}'],
    ['the text null', 'null'],
  ])('reads %s as an empty list and repairs it on /wishlist/', async (_, raw) => {
    localStorage.setItem(WISHLIST_STORAGE_KEY, raw);
    const { lookUp } = catalogue();
    const store = createWishlistStore({ lookUp });
    openWishlistPage(store);
    await flush();
    expect(store.getSnapshot()).toMatchObject({ status: 'ready', items: [], count: 0 });
    expect(saved()).toBe('[]');
    expect(lookUp).not.toHaveBeenCalled();
  });

  it('keeps only well-formed, distinct ids the catalogue has; names and prices come from the catalogue', async () => {
    const hostile = ['py-301', 'py-301', '../etc/passwd', '__proto__', { courseID: 'des-101' }, 7, 'gone-101'];
    localStorage.setItem(WISHLIST_STORAGE_KEY, JSON.stringify(hostile));
    const { lookUp } = catalogue();
    const store = createWishlistStore({ lookUp });
    openWishlistPage(store);
    await flush();
    expect(lookUp.mock.calls.map(([id]) => id)).toEqual(['py-301', 'gone-101']);
    expect(store.getSnapshot()).toMatchObject({ status: 'ready', items: [python], missing: 1 });
    expect(saved()).toBe('["py-301"]');
  });

  it('keeps what it cannot check offline, and an add made offline', async () => {
    localStorage.setItem(WISHLIST_STORAGE_KEY, '["py-301"]');
    const { lookUp, state } = catalogue();
    state.offline = true;
    const store = createWishlistStore({ lookUp });
    openWishlistPage(store);
    await expect(store.add('des-101')).resolves.toBe('unverified');
    expect(store.getSnapshot()).toMatchObject({ status: 'unverified', unverified: 2, items: [] });
    expect(saved()).toBe('["py-301","des-101"]');
  });

  it('follows another tab', async () => {
    const store = createWishlistStore(catalogue());
    const listener = jest.fn();
    store.subscribe(listener);
    localStorage.setItem(WISHLIST_STORAGE_KEY, '["des-101"]');
    window.dispatchEvent(
      new StorageEvent('storage', { key: WISHLIST_STORAGE_KEY, newValue: '["des-101"]', storageArea: localStorage }),
    );
    expect(listener).toHaveBeenCalled();
    expect(store.getSnapshot().ids).toEqual(new Set(['des-101']));
    expect(store.getSnapshot().count).toBe(1);
  });

  it('works in memory when storage throws', async () => {
    const blocked = () => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    };
    const store = createWishlistStore({ getStorage: blocked, lookUp: catalogue().lookUp });
    openWishlistPage(store);
    await expect(store.add('py-301')).resolves.toBe('added');
    expect(store.getSnapshot()).toMatchObject({ status: 'ready', items: [python], count: 1 });
  });
});
