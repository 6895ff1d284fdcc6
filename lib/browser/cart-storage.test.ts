import { CART_ACTION, CART_STORAGE_KEY, serializeCart } from '../cart';
import { cartShardOf } from '../cart-shard';
import { cartShardUrl, createCartItemLookUp, createCartStore } from './cart-storage';
import type { CartItem } from '../types';
import { serveCartItems } from '@/test/helpers/serve-cart-items';

const python: CartItem = {
  courseID: 'py-301',
  image: '/images/courses/py-301.svg',
  course_name: 'Advanced Python',
  creator: 'Ada',
  discounted_price: 19.99,
  category: 'python',
};
const design: CartItem = {
  courseID: 'des-101',
  image: '/images/courses/des-101.svg',
  course_name: 'Design Basics',
  creator: 'Dieter',
  discounted_price: 11.99,
  category: 'design',
};
const web: CartItem = {
  courseID: 'web-102',
  image: '/images/courses/web-102.svg',
  course_name: 'CSS Layout',
  creator: 'Tim',
  discounted_price: 9.99,
  category: 'web development',
};

type Deferred = { id: string; resolve: (item: CartItem | null) => void; reject: (error: Error) => void };

/** A catalogue the store looks courses up in: answers at once, or when the test says so. */
function catalogue({ manual = false } = {}) {
  const byId = new Map([python, design, web].map((item) => [item.courseID, item]));
  const waiting: Deferred[] = [];
  const state = { offline: false };
  const lookUp = jest.fn((id: string) => {
    if (manual) return new Promise<CartItem | null>((resolve, reject) => waiting.push({ id, resolve, reject }));
    if (state.offline) return Promise.reject(new TypeError('Failed to fetch'));
    return Promise.resolve(byId.get(id) ?? null);
  });
  /** Answers the waiting look-up of `id` as the catalogue would. */
  function answer(id: string) {
    const at = waiting.findIndex((entry) => entry.id === id);
    const [entry] = waiting.splice(at, 1);
    entry!.resolve(byId.get(id) ?? null);
  }
  return { lookUp, answer, state };
}

/** Lets pending promises settle. */
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const saved = () => localStorage.getItem(CART_STORAGE_KEY);

/** What another tab's write looks like to this one. */
function storageEventFromAnotherTab(key: string | null, newValue: string | null, storageArea: Storage = localStorage) {
  window.dispatchEvent(new StorageEvent('storage', { key, newValue, storageArea }));
}

/** What the cart page does: listens, and checks the saved courses against the catalogue. */
function openCartPage(
  store: { subscribe: (listener: () => void) => () => void; check: () => void },
  listener = () => {},
) {
  const unsubscribe = store.subscribe(listener);
  store.check();
  return unsubscribe;
}

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  jest.restoreAllMocks();
});

describe('createCartStore', () => {
  it('does not touch storage until it is read', () => {
    const getItem = jest.spyOn(Storage.prototype, 'getItem');
    createCartStore();
    expect(getItem).not.toHaveBeenCalled();
  });

  it('is empty and ready at once when nothing is saved: nothing fetched, nothing saved', () => {
    const { lookUp } = catalogue();
    const store = createCartStore({ lookUp });
    openCartPage(store)();
    expect(store.getSnapshot()).toMatchObject({ status: 'ready', state: { cart: [], total_items: 0 } });
    expect(lookUp).not.toHaveBeenCalled();
    expect(saved()).toBeNull();
  });

  it('is ready at once for a saved empty list, without fetching', () => {
    localStorage.setItem(CART_STORAGE_KEY, '[]');
    const { lookUp } = catalogue();
    const store = createCartStore({ lookUp });
    openCartPage(store);
    expect(store.getSnapshot().status).toBe('ready');
    expect(lookUp).not.toHaveBeenCalled();
  });

  it('loads the saved cart: loading, with no items, until each id is checked; then the same object until it changes', async () => {
    localStorage.setItem(CART_STORAGE_KEY, serializeCart([design, python]));
    const { lookUp, answer } = catalogue({ manual: true });
    const store = createCartStore({ lookUp });
    const listener = jest.fn();
    openCartPage(store, listener);
    expect(store.getSnapshot()).toMatchObject({ status: 'loading', state: { cart: [], total_items: 0 } });
    expect(lookUp.mock.calls.map(([id]) => id)).toEqual(['des-101', 'py-301']);

    answer('py-301');
    await flush();
    expect(store.getSnapshot().status).toBe('loading');

    answer('des-101');
    await flush();
    const ready = store.getSnapshot();
    expect(ready).toMatchObject({
      status: 'ready',
      state: { cart: [design, python], total_items: 2, total_amount: 3198 },
    });
    expect(store.getSnapshot()).toBe(ready);
    expect(listener).toHaveBeenCalled();
  });

  it('checks each id once per visit', async () => {
    localStorage.setItem(CART_STORAGE_KEY, serializeCart([python]));
    const { lookUp } = catalogue();
    const store = createCartStore({ lookUp });
    openCartPage(store);
    await flush();
    store.dispatch({ type: CART_ACTION.remove, courseID: 'py-301' });
    await store.add('py-301');
    expect(lookUp).toHaveBeenCalledTimes(1);
  });

  it('prices from the catalogue and writes the cleaned value back once checked, not while rendering', async () => {
    const dirty = JSON.stringify([
      { courseID: 'py-301', discounted_price: 0.01, course_name: 'Free!' },
      { courseID: 'py-301' },
      7,
      { courseID: 'Not An Id' },
    ]);
    localStorage.setItem(CART_STORAGE_KEY, dirty);
    const { lookUp } = catalogue();
    const store = createCartStore({ lookUp });
    store.getSnapshot();
    expect(saved()).toBe(dirty);
    openCartPage(store);
    await flush();
    expect(store.getSnapshot().state.cart).toEqual([python]);
    expect(store.getSnapshot().state.total_amount).toBe(1999);
    expect(saved()).toBe(serializeCart([python]));
  });

  it('replaces corrupt JSON with an empty list, fetching nothing', () => {
    localStorage.setItem(CART_STORAGE_KEY, '{not json');
    const { lookUp } = catalogue();
    const store = createCartStore({ lookUp });
    openCartPage(store);
    expect(store.getSnapshot()).toMatchObject({ status: 'ready', state: { cart: [] } });
    expect(saved()).toBe('[]');
    expect(lookUp).not.toHaveBeenCalled();
  });

  it('drops an id the catalogue does not have (404)', async () => {
    localStorage.setItem(CART_STORAGE_KEY, serializeCart([{ ...python, courseID: 'gone-999' }, web]));
    const store = createCartStore(catalogue());
    openCartPage(store);
    await flush();
    expect(store.getSnapshot()).toMatchObject({ status: 'ready', state: { cart: [web] } });
    expect(saved()).toBe(serializeCart([web]));
  });

  it('keeps what it could not check (offline), unshown, and checks again when asked or back online', async () => {
    const stored = serializeCart([python, { ...design, discounted_price: 0.01 }]);
    localStorage.setItem(CART_STORAGE_KEY, stored);
    const { lookUp, state } = catalogue();
    state.offline = true;
    const store = createCartStore({ lookUp });
    openCartPage(store);
    await flush();
    expect(store.getSnapshot()).toMatchObject({ status: 'unverified', unverified: 2, state: { cart: [] } });
    expect(saved()).toBe(stored);

    store.retry();
    await flush();
    expect(store.getSnapshot().status).toBe('unverified');
    expect(saved()).toBe(stored);

    state.offline = false;
    window.dispatchEvent(new Event('online'));
    await flush();
    expect(store.getSnapshot()).toMatchObject({ status: 'ready', unverified: 0, state: { cart: [python, design] } });
    expect(saved()).toBe(serializeCart([python, design]));
  });

  it('removing a course keeps the ones it could not check, and Clear All removes them too', async () => {
    localStorage.setItem(CART_STORAGE_KEY, serializeCart([python]));
    const { lookUp, state } = catalogue();
    const store = createCartStore({ lookUp });
    openCartPage(store);
    await flush();
    state.offline = true;
    storageEventFromAnotherTab(CART_STORAGE_KEY, serializeCart([python, design]));
    await flush();
    expect(store.getSnapshot()).toMatchObject({ status: 'unverified', state: { cart: [python] } });

    store.dispatch({ type: CART_ACTION.remove, courseID: 'py-301' });
    expect(saved()).toBe(serializeCart([design]));
    expect(store.getSnapshot()).toMatchObject({ status: 'unverified', unverified: 1, state: { cart: [] } });

    store.dispatch({ type: CART_ACTION.clear });
    expect(saved()).toBe('[]');
    expect(store.getSnapshot()).toMatchObject({ status: 'ready', unverified: 0 });
  });

  describe('add', () => {
    it('adds a course the catalogue confirms, once however often', async () => {
      const store = createCartStore(catalogue());
      openCartPage(store);
      await expect(store.add('py-301')).resolves.toBe('added');
      await expect(store.add('py-301')).resolves.toBe('present');
      expect(store.getSnapshot()).toMatchObject({ status: 'ready', state: { cart: [python], total_items: 1 } });
      expect(saved()).toBe(serializeCart([python]));
    });

    it('is loading, with the old cart hidden, until the course is checked', async () => {
      const { lookUp, answer } = catalogue({ manual: true });
      const store = createCartStore({ lookUp });
      openCartPage(store);
      const added = store.add('py-301');
      expect(store.getSnapshot().status).toBe('loading');
      expect(store.add('py-301')).toBe(added);
      answer('py-301');
      await expect(added).resolves.toBe('added');
      expect(store.getSnapshot().status).toBe('ready');
    });

    it('ignores an id the catalogue lacks, or that no course can have, and saves nothing', async () => {
      const { lookUp } = catalogue();
      const store = createCartStore({ lookUp });
      openCartPage(store);
      await expect(store.add('gone-999')).resolves.toBe('unknown');
      await expect(store.add('../etc/passwd')).resolves.toBe('unknown');
      expect(lookUp).toHaveBeenCalledTimes(1);
      expect(store.getSnapshot()).toMatchObject({ status: 'ready', state: { cart: [] } });
      expect(saved()).toBeNull();
    });

    it('keeps the order of two adds in a row whose checks answer in the other order', async () => {
      const { lookUp, answer } = catalogue({ manual: true });
      const store = createCartStore({ lookUp });
      openCartPage(store);
      const first = store.add('web-102');
      const second = store.add('des-101');
      answer('des-101');
      await flush();
      expect(saved()).toBeNull();
      answer('web-102');
      await expect(Promise.all([first, second])).resolves.toEqual(['added', 'added']);
      expect(store.getSnapshot().state.cart).toEqual([web, design]);
      expect(saved()).toBe(serializeCart([web, design]));
    });

    it('keeps an add made while another tab saves: neither change is lost', async () => {
      localStorage.setItem(CART_STORAGE_KEY, serializeCart([python]));
      const { lookUp, answer } = catalogue({ manual: true });
      const store = createCartStore({ lookUp });
      openCartPage(store);
      answer('py-301');
      await flush();
      const added = store.add('web-102');
      // The other tab removed python and added design meanwhile.
      localStorage.setItem(CART_STORAGE_KEY, serializeCart([design]));
      storageEventFromAnotherTab(CART_STORAGE_KEY, serializeCart([design]));
      answer('des-101');
      answer('web-102');
      await expect(added).resolves.toBe('added');
      expect(store.getSnapshot()).toMatchObject({ status: 'ready', state: { cart: [design, web] } });
      expect(saved()).toBe(serializeCart([design, web]));
    });

    it('saves the id of a course it cannot check (offline), so the add is not lost', async () => {
      const { lookUp, state } = catalogue();
      state.offline = true;
      const store = createCartStore({ lookUp });
      openCartPage(store);
      await expect(store.add('des-101')).resolves.toBe('unverified');
      expect(saved()).toBe('[{"courseID":"des-101"}]');
      expect(store.getSnapshot()).toMatchObject({ status: 'unverified', unverified: 1 });
      state.offline = false;
      store.retry();
      await flush();
      expect(store.getSnapshot()).toMatchObject({ status: 'ready', state: { cart: [design] } });
      expect(saved()).toBe(serializeCart([design]));
    });
  });

  it('follows a change made in another tab, cleaning it', async () => {
    const store = createCartStore(catalogue());
    const listener = jest.fn();
    openCartPage(store, listener);

    const tampered = JSON.stringify([{ ...design, discounted_price: 0 }]);
    localStorage.setItem(CART_STORAGE_KEY, tampered);
    storageEventFromAnotherTab(CART_STORAGE_KEY, tampered);
    expect(store.getSnapshot().status).toBe('loading');
    await flush();

    expect(store.getSnapshot()).toMatchObject({ status: 'ready', state: { cart: [design], total_amount: 1199 } });
    expect(saved()).toBe(serializeCart([design]));
    expect(listener).toHaveBeenCalled();
  });

  it('takes the latest value when another tab saves while it is still checking', async () => {
    localStorage.setItem(CART_STORAGE_KEY, serializeCart([python]));
    const { lookUp, answer } = catalogue({ manual: true });
    const store = createCartStore({ lookUp });
    openCartPage(store);
    storageEventFromAnotherTab(CART_STORAGE_KEY, serializeCart([web]));
    answer('py-301');
    await flush();
    expect(store.getSnapshot().status).toBe('loading');
    answer('web-102');
    await flush();
    expect(store.getSnapshot()).toMatchObject({ status: 'ready', state: { cart: [web] } });
  });

  it('empties the cart when another tab clears all of localStorage', async () => {
    localStorage.setItem(CART_STORAGE_KEY, serializeCart([python]));
    const store = createCartStore(catalogue());
    const listener = jest.fn();
    openCartPage(store, listener);
    await flush();
    listener.mockClear();
    storageEventFromAnotherTab(null, null);
    expect(store.getSnapshot()).toMatchObject({ status: 'ready', state: { cart: [] } });
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('ignores other keys, sessionStorage and events that change nothing', async () => {
    localStorage.setItem(CART_STORAGE_KEY, serializeCart([python]));
    const store = createCartStore(catalogue());
    const listener = jest.fn();
    openCartPage(store, listener);
    await flush();
    listener.mockClear();
    const before = store.getSnapshot();
    storageEventFromAnotherTab('theme', 'dark');
    storageEventFromAnotherTab(CART_STORAGE_KEY, '[]', sessionStorage);
    storageEventFromAnotherTab(CART_STORAGE_KEY, serializeCart([python]));
    expect(listener).not.toHaveBeenCalled();
    expect(store.getSnapshot()).toBe(before);
  });

  it('stops listening to other tabs when the last listener leaves', () => {
    const store = createCartStore(catalogue());
    const listener = jest.fn();
    store.subscribe(listener)();
    storageEventFromAnotherTab(CART_STORAGE_KEY, serializeCart([python]));
    expect(listener).not.toHaveBeenCalled();
  });

  it('keeps working in memory when saving throws (quota exceeded)', async () => {
    jest.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    const store = createCartStore(catalogue());
    openCartPage(store);
    await expect(store.add('py-301')).resolves.toBe('added');
    await expect(store.add('des-101')).resolves.toBe('added');
    expect(store.getSnapshot().state.cart).toEqual([python, design]);
    expect(saved()).toBeNull();
  });

  it('keeps working in memory when storage cannot be reached at all', async () => {
    const blocked = () => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    };
    const store = createCartStore({ getStorage: blocked, lookUp: catalogue().lookUp });
    const listener = jest.fn();
    expect(store.getSnapshot()).toMatchObject({ status: 'idle', count: 0, state: { cart: [] } });
    const unsubscribe = openCartPage(store, listener);
    expect(store.getSnapshot()).toMatchObject({ status: 'ready', state: { cart: [] } });
    await store.add('des-101');
    expect(store.getSnapshot().state.cart).toEqual([design]);
    expect(listener).toHaveBeenCalled();
    expect(() => storageEventFromAnotherTab(CART_STORAGE_KEY, '[]')).not.toThrow();
    expect(store.getSnapshot().state.cart).toEqual([design]);
    unsubscribe();
  });
});

describe('createCartItemLookUp', () => {
  /** A page's look-up: it has fetched no shard yet. */
  let fetchCartItem = createCartItemLookUp();
  const original = global.fetch;
  beforeEach(() => {
    fetchCartItem = createCartItemLookUp();
  });
  afterEach(() => {
    global.fetch = original;
  });

  /** Answers every request with `status` and `body`; `body` is a shard, `{ [courseId]: record }`. */
  function respond(status: number, body: unknown = null) {
    const fetchMock = jest.fn(async (url: string) => ({
      status,
      ok: status >= 200 && status < 300,
      url,
      json: async () => body,
    }));
    global.fetch = fetchMock as unknown as typeof fetch;
    return fetchMock;
  }

  /** A made-up id in the same shard as `id`. */
  function neighbourOf(id: string): string {
    for (let n = 1; ; n += 1) {
      const candidate = `x-${String(n).padStart(5, '0')}`;
      if (cartShardOf(candidate) === cartShardOf(id)) return candidate;
    }
  }

  it('fetches the course’s shard and returns its cart item from it', async () => {
    const fetchMock = respond(200, { [python.courseID]: python, [design.courseID]: design });
    await expect(fetchCartItem('py-301')).resolves.toEqual(python);
    const url = `/cart-items/${cartShardOf('py-301')}.json`;
    expect(url).toMatch(/^\/cart-items\/[0-9a-f]{2}\.json$/);
    expect(fetchMock.mock.calls[0]?.[0]).toBe(url);
    expect(cartShardUrl('py-301')).toBe(url);
  });

  it('fetches a shard once for all its courses, at once or later, and once for one course asked twice', async () => {
    const other = neighbourOf('py-301');
    const otherItem: CartItem = { ...python, courseID: other };
    const fetchMock = respond(200, { [python.courseID]: python, [other]: otherItem });
    await expect(
      Promise.all([fetchCartItem('py-301'), fetchCartItem(other), fetchCartItem('py-301')]),
    ).resolves.toEqual([python, otherItem, python]);
    await expect(fetchCartItem(other)).resolves.toEqual(otherItem);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('says the catalogue has no such course on a 404 (no course in its shard)', async () => {
    respond(404);
    await expect(fetchCartItem('gone-999')).resolves.toBeNull();
  });

  it('says the catalogue has no such course when its shard does not list it', async () => {
    const absent = neighbourOf('py-301');
    respond(200, { [python.courseID]: python });
    await expect(fetchCartItem(absent)).resolves.toBeNull();
    // Not even through the object's prototype.
    await expect(fetchCartItem('constructor')).resolves.toBeNull();
  });

  it('throws when it cannot tell: a server error, a tampered record, a broken file, the network', async () => {
    respond(500);
    await expect(fetchCartItem('py-301')).rejects.toThrow('500');
    respond(200, { 'py-301': design });
    await expect(fetchCartItem('py-301')).rejects.toThrow('Not the cart item of py-301');
    fetchCartItem = createCartItemLookUp(); // another page, which has fetched nothing
    respond(200, { 'py-301': { ...python, discounted_price: '0.01' } });
    await expect(fetchCartItem('py-301')).rejects.toThrow('Not the cart item of py-301');
    fetchCartItem = createCartItemLookUp(); // another page, which has fetched nothing
    respond(200, [python]);
    await expect(fetchCartItem('py-301')).rejects.toThrow('Not a cart shard');
    global.fetch = jest.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(fetchCartItem('py-301')).rejects.toThrow('Failed to fetch');
  });

  it('checks a saved cart of 50 courses with one fetch per shard they are in', async () => {
    const items = Array.from({ length: 500 }, (_, n): CartItem => ({
      ...python,
      courseID: `x-${String(n + 1).padStart(5, '0')}`,
    }));
    const cart = items.slice(0, 50);
    localStorage.setItem(CART_STORAGE_KEY, serializeCart(cart));
    const { fetchMock } = serveCartItems(Object.fromEntries(items.map((item) => [item.courseID, item])));
    const store = createCartStore();
    openCartPage(store);
    while (store.getSnapshot().status === 'loading') await flush();
    expect(store.getSnapshot().state.cart).toEqual(cart);
    const shards = new Set(cart.map((item) => cartShardUrl(item.courseID)));
    expect(shards.size).toBeLessThan(50);
    expect(fetchMock).toHaveBeenCalledTimes(shards.size);
    expect(new Set(fetchMock.mock.calls.map(([url]) => url))).toEqual(shards);
  });

  it('fetches a shard again after a failed fetch, and keeps it once fetched', async () => {
    global.fetch = jest.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(fetchCartItem('py-301')).rejects.toThrow('Failed to fetch');
    const fetchMock = respond(503);
    await expect(fetchCartItem('py-301')).rejects.toThrow('503');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const online = respond(200, { [python.courseID]: python });
    await expect(fetchCartItem('py-301')).resolves.toEqual(python);
    respond(500);
    await expect(fetchCartItem('py-301')).resolves.toEqual(python);
    expect(online).toHaveBeenCalledTimes(1);
  });
});
