import {
  buildHandoff,
  HandoffError,
  parsePendingHandoff,
  PENDING_HANDOFF_TTL_MS,
  serializePendingHandoff,
  shopifyCartUrl,
  withoutCourses,
} from './checkout';

const COMPLETE = 'https://courses.example.com/storefront/checkout/complete/';
const PRICE_A = 'pri_01h0aaaaaaaaaaaaaaaaaaaaaa';
const PRICE_B = 'pri_01h0bbbbbbbbbbbbbbbbbbbbbb';

describe('buildHandoff', () => {
  it('paddle: one overlay with every price id in cart order, quantity 1, and the complete page as success URL', () => {
    expect(
      buildHandoff(
        { provider: 'paddle', token: 'test_abc' },
        [
          { courseId: 'py-202', providerId: PRICE_B },
          { courseId: 'py-101', providerId: PRICE_A },
        ],
        COMPLETE,
      ),
    ).toEqual({
      kind: 'paddle',
      token: 'test_abc',
      environment: 'sandbox',
      items: [
        { priceId: PRICE_B, quantity: 1 },
        { priceId: PRICE_A, quantity: 1 },
      ],
      successUrl: COMPLETE,
    });
    const live = buildHandoff(
      { provider: 'paddle', token: 'live_abc' },
      [{ courseId: 'a', providerId: PRICE_A }],
      COMPLETE,
    );
    expect(live).toMatchObject({ environment: 'production' });
  });

  it('shopify: the cart permalink with each variant once, in cart order', () => {
    expect(
      buildHandoff(
        { provider: 'shopify', domain: 'coursely-demo.myshopify.com' },
        [
          { courseId: 'web-101', providerId: '44713213' },
          { courseId: 'py-101', providerId: '7' },
        ],
        COMPLETE,
      ),
    ).toEqual({ kind: 'navigate', url: 'https://coursely-demo.myshopify.com/cart/44713213:1,7:1' });
    expect(shopifyCartUrl('shop.example.com', ['1'])).toBe('https://shop.example.com/cart/1:1');
  });

  it('form: one course field per course in cart order, then return_url', () => {
    expect(
      buildHandoff(
        { provider: 'form', action: 'https://pay.example.com/checkout' },
        [{ courseId: 'py-202' }, { courseId: 'py-101' }],
        COMPLETE,
      ),
    ).toEqual({
      kind: 'form',
      action: 'https://pay.example.com/checkout',
      fields: [
        ['course', 'py-202'],
        ['course', 'py-101'],
        ['return_url', COMPLETE],
      ],
    });
  });

  it('never hands off a malformed or repeated id, and sends ids only', () => {
    const handoff = buildHandoff(
      { provider: 'form', action: 'https://pay.example.com/' },
      [
        { courseId: 'py-101' },
        { courseId: '../../admin' },
        { courseId: '<script>' },
        { courseId: 'py-101' },
        { courseId: 'py-202' },
      ],
      COMPLETE,
    );
    expect(handoff).toMatchObject({
      fields: [
        ['course', 'py-101'],
        ['course', 'py-202'],
        ['return_url', COMPLETE],
      ],
    });
    expect(JSON.stringify(handoff)).not.toMatch(/price|\d+\.\d\d/);
  });

  it('hands a coupon code to each provider as the code alone, never a price', () => {
    const paddle = buildHandoff(
      { provider: 'paddle', token: 'test_abc' },
      [{ courseId: 'py-101', providerId: PRICE_A }],
      COMPLETE,
      'SPRING25',
    );
    expect(paddle).toMatchObject({ kind: 'paddle', discountCode: 'SPRING25' });
    expect(
      buildHandoff(
        { provider: 'shopify', domain: 'shop.example.com' },
        [{ courseId: 'py-101', providerId: '44713213' }],
        COMPLETE,
        'A&B 1',
      ),
    ).toEqual({ kind: 'navigate', url: 'https://shop.example.com/cart/44713213:1?discount=A%26B%201' });
    expect(
      buildHandoff(
        { provider: 'form', action: 'https://pay.example.com/c' },
        [{ courseId: 'py-101' }, { courseId: 'py-202' }],
        COMPLETE,
        'SPRING25',
      ),
    ).toEqual({
      kind: 'form',
      action: 'https://pay.example.com/c',
      fields: [
        ['course', 'py-101'],
        ['course', 'py-202'],
        ['coupon', 'SPRING25'],
        ['return_url', COMPLETE],
      ],
    });
    // Without a coupon, nothing of one.
    expect(
      buildHandoff({ provider: 'paddle', token: 'test_abc' }, [{ courseId: 'py-101', providerId: PRICE_A }], COMPLETE),
    ).not.toHaveProperty('discountCode');
    expect(shopifyCartUrl('shop.example.com', ['1'])).toBe('https://shop.example.com/cart/1:1');
  });

  it('refuses an empty list, and a course without the provider id', () => {
    expect(() => buildHandoff({ provider: 'form', action: 'https://pay.example.com/' }, [], COMPLETE)).toThrow(
      HandoffError,
    );
    expect(() =>
      buildHandoff({ provider: 'shopify', domain: 'shop.example.com' }, [{ courseId: 'py-101' }], COMPLETE),
    ).toThrow('The course "py-101" cannot be bought here yet.');
  });
});

describe('pending handoff', () => {
  const now = 1_800_000_000_000;

  it('reads back what was saved', () => {
    expect(parsePendingHandoff(serializePendingHandoff(['py-101', 'py-202'], now), now + 1000)).toEqual({
      ids: ['py-101', 'py-202'],
      at: now,
    });
  });

  it('is nothing when absent, malformed, empty, expired or from the future', () => {
    for (const raw of [null, '', '{', 'null', '[]', '{"ids":"py-101","at":1}', '{"ids":["py-101"]}'])
      expect(parsePendingHandoff(raw, now)).toBeNull();
    expect(parsePendingHandoff(serializePendingHandoff([], now), now)).toBeNull();
    expect(parsePendingHandoff(serializePendingHandoff(['py-101'], now), now + PENDING_HANDOFF_TTL_MS + 1)).toBeNull();
    expect(parsePendingHandoff(serializePendingHandoff(['py-101'], now + 60_000), now)).toBeNull();
  });

  it('keeps only well-formed ids, each once', () => {
    const raw = JSON.stringify({ ids: ['py-101', 7, '<b>', 'py-101', 'aws-101'], at: now });
    expect(parsePendingHandoff(raw, now)?.ids).toEqual(['py-101', 'aws-101']);
  });
});

describe('withoutCourses', () => {
  const item = (courseID: string) => ({ courseID, course_name: courseID, discounted_price: 9.99 });
  const cart = JSON.stringify([item('py-101'), item('py-202'), item('aws-101')]);

  it('takes exactly the handed-off courses out of the saved cart, keeping the rest as saved and in order', () => {
    expect(JSON.parse(withoutCourses(cart, ['aws-101', 'py-101'])!)).toEqual([item('py-202')]);
  });

  it('changes nothing when none of them is there, or the saved value is not a list', () => {
    expect(withoutCourses(cart, ['web-101'])).toBe(cart);
    for (const raw of [null, '{', '{"courseID":"py-101"}']) expect(withoutCourses(raw, ['py-101'])).toBe(raw);
  });
});
