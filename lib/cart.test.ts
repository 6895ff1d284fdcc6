import {
  CART_ACTION,
  cartReducer,
  emptyCart,
  isCartItemFor,
  isCourseId,
  cartCodec,
  serializeCart,
  toCartState,
  type CartAction,
  type CartState,
  type CatalogueLookup,
} from './cart';
import { mergeSavedEntries, parseSavedList } from './saved-list';
import type { CartItem } from './types';

const python: CartItem = {
  courseID: 'py-301',
  image: '/images/courses/py-301.svg',
  course_name: 'Advanced Python',
  creator: 'Ada',
  discounted_price: 19.99,
  category: 'python',
};
const web: CartItem = {
  courseID: 'web-102',
  image: '/images/courses/web-102.svg',
  course_name: 'CSS Layout',
  creator: 'Tim',
  discounted_price: 9.99,
  category: 'web development',
};
const marketing: CartItem = {
  courseID: 'mkt-102',
  image: '/images/courses/mkt-102.svg',
  course_name: 'Email Marketing',
  creator: 'Grace',
  discounted_price: 5.99,
  category: 'marketing',
};
/** What the catalogue said so far: three courses, and one id it does not have. */
const known: CatalogueLookup = new Map<string, CartItem | null>([
  [python.courseID, python],
  [web.courseID, web],
  [marketing.courseID, marketing],
  ['gone-999', null],
]);

const add = (item: CartItem): CartAction => ({ type: CART_ACTION.add, item });

function cartWith(...items: CartItem[]): CartState {
  return items.reduce((state, item) => cartReducer(state, add(item)), emptyCart);
}

describe('cartReducer', () => {
  it('adds a course with quantity one and counts it', () => {
    const state = cartReducer(emptyCart, add(python));
    expect(state).toEqual({ cart: [python], total_items: 1, total_amount: 1999 });
  });

  it('keeps the order in which courses were added', () => {
    expect(cartWith(web, python, marketing).cart.map((item) => item.courseID)).toEqual([
      'web-102',
      'py-301',
      'mkt-102',
    ]);
  });

  it('adding a course already in the cart changes nothing', () => {
    const state = cartWith(python, web);
    const again = cartReducer(state, add({ ...python, discounted_price: 0.01 }));
    expect(again).toBe(state);
    expect(again.total_items).toBe(2);
    expect(again.cart.filter((item) => item.courseID === python.courseID)).toHaveLength(1);
  });

  it('sums prices in exact cents: 19.99 + 9.99 + 5.99 = 35.97', () => {
    const state = cartWith(python, web, marketing);
    expect(state.total_items).toBe(3);
    expect(state.total_amount).toBe(3597);
  });

  it('has no float drift over many additions', () => {
    const items = Array.from({ length: 100 }, (_, i): CartItem => ({
      ...web,
      courseID: `c${i}`,
      discounted_price: 0.1,
    }));
    expect(cartWith(...items).total_amount).toBe(1000);
  });

  it('removes the item with that courseID and updates the totals', () => {
    const state = cartReducer(cartWith(python, web, marketing), { type: CART_ACTION.remove, courseID: web.courseID });
    expect(state.cart).toEqual([python, marketing]);
    expect(state.total_items).toBe(2);
    expect(state.total_amount).toBe(2598);
  });

  it('removing a course that is not in the cart changes nothing', () => {
    const state = cartWith(python);
    expect(cartReducer(state, { type: CART_ACTION.remove, courseID: 'nope' })).toBe(state);
  });

  it('clear empties the cart and zeroes the totals', () => {
    expect(cartReducer(cartWith(python, web), { type: CART_ACTION.clear })).toEqual({
      cart: [],
      total_items: 0,
      total_amount: 0,
    });
  });

  it('clearing an empty cart changes nothing', () => {
    expect(cartReducer(emptyCart, { type: CART_ACTION.clear })).toBe(emptyCart);
  });

  it('recomputes stale totals from the items', () => {
    const stale: CartState = { cart: [python, marketing], total_items: 7, total_amount: 1 };
    expect(cartReducer(stale, { type: CART_ACTION.totals })).toEqual({
      cart: [python, marketing],
      total_items: 2,
      total_amount: 2598,
    });
  });

  it('never mutates the state it is given', () => {
    const state = cartWith(python);
    const frozen = Object.freeze({ ...state, cart: Object.freeze([...state.cart]) as CartItem[] });
    expect(() => cartReducer(frozen, add(web))).not.toThrow();
    expect(() => cartReducer(frozen, { type: CART_ACTION.remove, courseID: python.courseID })).not.toThrow();
    expect(frozen.cart).toEqual([python]);
  });

  it('throws on an unknown action type, with the spec text', () => {
    const unknown = { type: 'APPLY_COUPON' } as unknown as CartAction;
    expect(() => cartReducer(emptyCart, unknown)).toThrow(new Error('No matching "APPLY_COUPON" - action type'));
  });
});

describe('toCartState', () => {
  it('derives the totals from the items', () => {
    expect(toCartState([web, marketing])).toEqual({ cart: [web, marketing], total_items: 2, total_amount: 1598 });
    expect(toCartState([])).toEqual(emptyCart);
  });
});

describe('serializeCart', () => {
  it('writes a JSON list with exactly the spec fields, in order', () => {
    const extra = { ...python, description: 'not a cart field' } as CartItem;
    expect(serializeCart([extra])).toBe(
      '[{"courseID":"py-301","image":"/images/courses/py-301.svg","course_name":"Advanced Python","creator":"Ada","discounted_price":19.99,"category":"python"}]',
    );
    expect(serializeCart([])).toBe('[]');
  });
});

describe("parseSavedList with the cart's form", () => {
  it('is an empty, clean cart when nothing is saved', () => {
    expect(parseSavedList(null, known, cartCodec)).toEqual({
      items: [],
      unchecked: [],
      entries: [],
      ids: [],
      count: 0,
      missing: 0,
      overflow: 0,
      clean: true,
    });
  });

  it('round-trips what serializeCart wrote', () => {
    const raw = serializeCart([web, python]);
    expect(parseSavedList(raw, known, cartCodec)).toEqual({
      items: [web, python],
      unchecked: [],
      entries: [web, python],
      ids: [web.courseID, python.courseID],
      count: 2,
      missing: 0,
      overflow: 0,
      clean: true,
    });
  });

  it.each([
    ['invalid JSON', '[{"courseID":'],
    ['an empty string', ''],
    ['the text undefined', 'undefined'],
    ['null', 'null'],
    ['an object', '{"courseID":"py-301"}'],
    ['a string', '"py-301"'],
    ['a number', '42'],
  ])('loads nothing from %s and asks for a write-back', (_, raw) => {
    expect(parseSavedList(raw, known, cartCodec)).toMatchObject({ items: [], clean: false });
  });

  it('keeps the valid items of a list with non-object entries', () => {
    const raw = JSON.stringify([null, 1, 'py-301', ['py-301'], true, { courseID: 'py-301' }, {}]);
    expect(parseSavedList(raw, known, cartCodec)).toMatchObject({ items: [python], clean: false });
  });

  it('drops ids the catalogue lacks, missing and non-string ids, and ids no course can have', () => {
    const raw = JSON.stringify([
      { courseID: 'gone-999' },
      { courseID: 301 },
      { id: 'py-301' },
      { courseID: '__proto__' },
      { courseID: 'constructor' },
      { courseID: 'toString' },
      { courseID: 'Py-301' },
      { courseID: '../py-301' },
      { ...web },
    ]);
    expect(parseSavedList(raw, known, cartCodec)).toMatchObject({ items: [web], clean: false });
  });

  it('keeps the first of duplicate items', () => {
    const raw = JSON.stringify([marketing, python, marketing, { ...python }]);
    expect(parseSavedList(raw, known, cartCodec)).toMatchObject({ items: [marketing, python], clean: false });
  });

  it('takes every field but the id from the catalogue, so a tampered price is ignored', () => {
    const raw = JSON.stringify([
      { ...python, discounted_price: 0.01, course_name: 'Free!', image: 'https://evil.test/x.png' },
    ]);
    const parsed = parseSavedList(raw, known, cartCodec);
    expect(parsed.items).toEqual([python]);
    expect(parsed.clean).toBe(false);
    expect(toCartState(parsed.items).total_amount).toBe(1999);
  });

  it('accepts a minimal item with only the id, and asks to store the full one', () => {
    expect(parseSavedList('[{"courseID":"mkt-102"}]', known, cartCodec)).toMatchObject({
      items: [marketing],
      clean: false,
    });
  });

  it('asks to rewrite a valid cart saved with different formatting', () => {
    expect(parseSavedList(JSON.stringify([python], null, 2), known, cartCodec)).toMatchObject({
      items: [python],
      clean: false,
    });
  });

  it('keeps an id not checked yet, as saved and unshown, and asks for no write-back of it', () => {
    const offline = { courseID: 'new-101', discounted_price: 0.01, course_name: 'Free!' };
    const raw = serializeCart([python, offline]);
    const parsed = parseSavedList(raw, known, cartCodec);
    expect(parsed.items).toEqual([python]);
    expect(parsed.unchecked).toEqual(['new-101']);
    expect(parsed.entries).toEqual([python, offline]);
    expect(parsed.clean).toBe(true);
  });

  it('drops an id once the catalogue says it has no such course', () => {
    const raw = serializeCart([{ courseID: 'gone-999' }, web]);
    expect(parseSavedList(raw, known, cartCodec)).toEqual({
      items: [web],
      unchecked: [],
      entries: [web],
      ids: [web.courseID],
      count: 1,
      missing: 1,
      overflow: 0,
      clean: false,
    });
  });
});

describe("mergeSavedEntries with the cart's form", () => {
  const pending = { courseID: 'new-101' };

  it('removes a confirmed entry and keeps an unchecked one where it was', () => {
    expect(mergeSavedEntries([python, pending, web], known, [web], cartCodec)).toEqual([pending, web]);
  });

  it('appends a newly confirmed item after everything saved', () => {
    expect(mergeSavedEntries([pending, python], known, [python, marketing], cartCodec)).toEqual([
      pending,
      python,
      marketing,
    ]);
  });
});

describe('isCourseId', () => {
  it.each(['py-101', 'a', 'web-dev-2'])('accepts %s', (id) => expect(isCourseId(id)).toBe(true));
  it.each(['', 'Py-101', 'py--101', '-py', 'py/101', '../x', '__proto__', 'py 101', 7, null, 'a'.repeat(101)])(
    'rejects %p',
    (id) => expect(isCourseId(id)).toBe(false),
  );
});

describe('isCartItemFor', () => {
  it('accepts the cart item of that id', () => {
    expect(isCartItemFor(JSON.parse(JSON.stringify(python)), 'py-301')).toBe(true);
  });

  it.each([
    ['another id', { ...python, courseID: 'web-102' }],
    ['a missing name', { ...python, course_name: undefined }],
    ['a price as text', { ...python, discounted_price: '19.99' }],
    ['a negative price', { ...python, discounted_price: -1 }],
    ['null', null],
    ['a list', [python]],
  ])('rejects %s', (_, value) => {
    expect(isCartItemFor(value, 'py-301')).toBe(false);
  });
});
