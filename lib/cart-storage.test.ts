import { serializeCart } from './cart';
import { CART_STORAGE_KEY, createCartStore, getServerCartSnapshot } from './cart-storage';
import type { CartItem } from './types';

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
const index: Record<string, CartItem> = { [python.courseID]: python, [design.courseID]: design };

/** What another tab's write looks like to this one. */
function storageEventFromAnotherTab(key: string | null, newValue: string | null, storageArea: Storage = localStorage) {
  window.dispatchEvent(new StorageEvent('storage', { key, newValue, storageArea }));
}

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  jest.restoreAllMocks();
});

describe('createCartStore', () => {
  it('has an unknown (null) server snapshot', () => {
    expect(getServerCartSnapshot()).toBeNull();
  });

  it('does not touch storage until it is read', () => {
    const getItem = jest.spyOn(Storage.prototype, 'getItem');
    createCartStore(index);
    expect(getItem).not.toHaveBeenCalled();
  });

  it('is empty when nothing is saved, and saves nothing', () => {
    const store = createCartStore(index);
    expect(store.getSnapshot()).toEqual([]);
    store.subscribe(() => {})();
    expect(localStorage.getItem(CART_STORAGE_KEY)).toBeNull();
  });

  it('loads the saved cart and returns the same array until it changes', () => {
    localStorage.setItem(CART_STORAGE_KEY, serializeCart([design, python]));
    const store = createCartStore(index);
    const first = store.getSnapshot();
    expect(first).toEqual([design, python]);
    expect(store.getSnapshot()).toBe(first);
  });

  it('writes a cleaned value back on subscribe, not while rendering', () => {
    const dirty = JSON.stringify([
      { courseID: 'py-301', discounted_price: 0.01 },
      { courseID: 'py-301' },
      7,
      { courseID: 'x' },
    ]);
    localStorage.setItem(CART_STORAGE_KEY, dirty);
    const store = createCartStore(index);
    expect(store.getSnapshot()).toEqual([python]);
    expect(localStorage.getItem(CART_STORAGE_KEY)).toBe(dirty);
    const unsubscribe = store.subscribe(() => {});
    expect(localStorage.getItem(CART_STORAGE_KEY)).toBe(serializeCart([python]));
    unsubscribe();
  });

  it('replaces corrupt JSON with an empty list', () => {
    localStorage.setItem(CART_STORAGE_KEY, '{not json');
    const store = createCartStore(index);
    store.subscribe(() => {});
    expect(store.getSnapshot()).toEqual([]);
    expect(localStorage.getItem(CART_STORAGE_KEY)).toBe('[]');
  });

  it('saves every change and notifies listeners', () => {
    const store = createCartStore(index);
    const listener = jest.fn();
    store.subscribe(listener);
    store.setItems([python]);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(store.getSnapshot()).toEqual([python]);
    expect(localStorage.getItem(CART_STORAGE_KEY)).toBe(serializeCart([python]));
  });

  it('follows a change made in another tab, cleaning it', () => {
    const store = createCartStore(index);
    const listener = jest.fn();
    store.subscribe(listener);

    const tampered = JSON.stringify([{ ...design, discounted_price: 0 }]);
    localStorage.setItem(CART_STORAGE_KEY, tampered);
    storageEventFromAnotherTab(CART_STORAGE_KEY, tampered);

    expect(listener).toHaveBeenCalledTimes(1);
    expect(store.getSnapshot()).toEqual([design]);
    expect(localStorage.getItem(CART_STORAGE_KEY)).toBe(serializeCart([design]));
  });

  it('empties the cart when another tab clears all of localStorage', () => {
    localStorage.setItem(CART_STORAGE_KEY, serializeCart([python]));
    const store = createCartStore(index);
    const listener = jest.fn();
    store.subscribe(listener);
    storageEventFromAnotherTab(null, null);
    expect(store.getSnapshot()).toEqual([]);
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('ignores other keys, sessionStorage and events that change nothing', () => {
    localStorage.setItem(CART_STORAGE_KEY, serializeCart([python]));
    const store = createCartStore(index);
    const listener = jest.fn();
    store.subscribe(listener);
    storageEventFromAnotherTab('theme', 'dark');
    storageEventFromAnotherTab(CART_STORAGE_KEY, '[]', sessionStorage);
    storageEventFromAnotherTab(CART_STORAGE_KEY, serializeCart([python]));
    expect(listener).not.toHaveBeenCalled();
    expect(store.getSnapshot()).toEqual([python]);
  });

  it('stops listening to other tabs when the last listener leaves', () => {
    const store = createCartStore(index);
    const listener = jest.fn();
    store.subscribe(listener)();
    storageEventFromAnotherTab(CART_STORAGE_KEY, serializeCart([python]));
    expect(listener).not.toHaveBeenCalled();
  });

  it('keeps working in memory when saving throws (quota exceeded)', () => {
    jest.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    const store = createCartStore(index);
    store.subscribe(() => {});
    expect(() => store.setItems([python, design])).not.toThrow();
    expect(store.getSnapshot()).toEqual([python, design]);
    expect(localStorage.getItem(CART_STORAGE_KEY)).toBeNull();
  });

  it('keeps working in memory when storage cannot be reached at all', () => {
    const blocked = () => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    };
    const store = createCartStore(index, blocked);
    const listener = jest.fn();
    expect(store.getSnapshot()).toEqual([]);
    const unsubscribe = store.subscribe(listener);
    store.setItems([design]);
    expect(store.getSnapshot()).toEqual([design]);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(() => storageEventFromAnotherTab(CART_STORAGE_KEY, '[]')).not.toThrow();
    expect(store.getSnapshot()).toEqual([design]);
    unsubscribe();
  });
});
