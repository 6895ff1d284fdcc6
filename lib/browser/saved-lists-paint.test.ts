import { paintSavedLists } from '@/lib/browser/first-paint';
import { serializeCart } from '@/lib/cart';
import { getCartIndex } from '@/test/helpers/cart-index';
import { SAVED_LIST_CAP } from '@/lib/saved-list';

/*
 * What the first paint shows of the saved lists, before any store or catalogue look-up: the
 * markup below is the shape components/cart/count-link.tsx, components/wishlist/wishlist-toggle.tsx
 * and app/cart/page.tsx render.
 */
const items = Object.values(getCartIndex());

function render(search = '') {
  window.history.replaceState(null, '', `/${search}`);
  document.body.innerHTML = `
    <a href="/wishlist/" data-count-of="wishlist" data-count-label="Wishlist"><span data-count-name>Wishlist</span><span aria-hidden="true" data-count-badge></span></a>
    <a href="/cart/" data-count-of="cart" data-count-label="Cart"><span data-count-name>Cart</span><span aria-hidden="true" data-count-badge></span></a>
    <a href="/wishlist/?add=${items[0]!.courseID}" class="wish" aria-label="Add to wishlist: One" data-wish="${items[0]!.courseID}"></a>
    <a href="/wishlist/?add=${items[1]!.courseID}" class="wish" aria-label="Add to wishlist: Two" data-wish="${items[1]!.courseID}">Add to wishlist</a>
    <div data-cart-page></div>`;
  const link = (name: string) => document.querySelector<HTMLElement>(`[data-count-of=${name}]`)!;
  return {
    badge: (name: string) => link(name).querySelector('[data-count-badge]')!.textContent,
    name: (name: string) => link(name).querySelector('[data-count-name]')!.textContent,
    hearts: () =>
      [...document.querySelectorAll<HTMLElement>('a[data-wish]')].map((heart) => [
        heart.getAttribute('role'),
        heart.getAttribute('aria-pressed'),
        heart.getAttribute('aria-label'),
        heart.textContent,
      ]),
    cartPage: () => document.querySelector<HTMLElement>('[data-cart-page]')!.dataset.cart,
  };
}

afterEach(() => localStorage.clear());

describe('paintSavedLists', () => {
  it('writes the counts and names of a saved cart and wishlist, and presses the saved course’s heart', () => {
    localStorage.setItem('cart', serializeCart(items.slice(0, 2)));
    localStorage.setItem('wishlist', JSON.stringify([items[1]!.courseID]));
    const view = render();
    paintSavedLists(document, () => localStorage);
    expect([view.badge('cart'), view.name('cart')]).toEqual(['2', 'Cart, 2 items']);
    expect([view.badge('wishlist'), view.name('wishlist')]).toEqual(['1', 'Wishlist, 1 item']);
    // The others stay the links that save; hydration names each toggle for its action.
    expect(view.hearts()).toEqual([
      [null, null, 'Add to wishlist: One', ''],
      ['button', 'true', 'Add to wishlist: Two', 'Add to wishlist'],
    ]);
    expect(view.cartPage()).toBeUndefined();
  });

  it('shows 0 and the empty cart for nothing saved, for corrupt JSON and for storage that throws', () => {
    for (const setUp of [
      () => {},
      () => localStorage.setItem('cart', '{"cart": [oops'),
      () =>
        jest.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
          throw new DOMException('denied', 'SecurityError');
        }),
    ]) {
      setUp();
      const view = render();
      paintSavedLists(document, () => localStorage);
      expect([view.badge('cart'), view.name('cart'), view.badge('wishlist')]).toEqual(['0', 'Cart, 0 items', '0']);
      expect(view.cartPage()).toBe('empty');
      jest.restoreAllMocks();
      localStorage.clear();
    }
  });

  it('counts as the stores do without the catalogue: distinct, well-formed entries, the cart only in its saved form, up to the cap', () => {
    const flood = Array.from({ length: 5_000 }, (_, n) => ({ courseID: `made-up-${n}` }));
    localStorage.setItem(
      'cart',
      JSON.stringify([items[0], items[0], { courseID: 'Not An Id', course_name: 'x' }, ...flood, items[1]]),
    );
    const ids = Array.from({ length: SAVED_LIST_CAP + 20 }, (_, n) => `course-${n}`);
    localStorage.setItem('wishlist', JSON.stringify([...ids, 'BAD ID', 42, null]));
    const view = render();
    paintSavedLists(document, () => localStorage);
    expect(view.badge('cart')).toBe('2');
    expect(view.badge('wishlist')).toBe(String(SAVED_LIST_CAP));
    // Made-up ids are kept for the cart page to check: it is not shown empty.
    expect(view.cartPage()).toBeUndefined();
  });

  it('does not show the empty cart while a course is being added from the address', () => {
    const view = render(`?add=${items[0]!.courseID}`);
    paintSavedLists(document, () => localStorage);
    expect(view.cartPage()).toBeUndefined();
  });

  it('paints what is parsed after it, until the document is parsed', async () => {
    localStorage.setItem('cart', serializeCart(items.slice(0, 1)));
    Object.defineProperty(document, 'readyState', { configurable: true, get: () => 'loading' });
    document.body.innerHTML = '';
    paintSavedLists(document, () => localStorage);
    const view = render();
    await Promise.resolve();
    expect(view.badge('cart')).toBe('1');
    // @ts-expect-error: back to jsdom's own getter
    delete document.readyState;
    document.dispatchEvent(new Event('DOMContentLoaded'));
  });
});
