import { createHash, webcrypto } from 'node:crypto';
import { TextEncoder } from 'node:util';
import type { CouponRule } from '@/lib/coupons';

/*
 * The notice and a price beside it, as a build with coupons has them (NEXT_PUBLIC_COUPONS is read
 * as each module loads: set first, then the modules, React and Testing Library with them, loaded
 * afresh for each test, since the visit's coupon is kept in the module).
 */
const hash = (code: string) => createHash('sha256').update(code).digest('hex');
const RULES: CouponRule[] = [
  { hash: hash('WELCOME20'), percentOff: 20 },
  { hash: hash('SUMMER10'), percentOff: 10, expires: '2020-08-31' },
  { hash: hash('PYTHON5'), amountOff: 500, courses: ['py-101'] },
];

let screen: typeof import('@testing-library/react/pure').screen;
let fireEvent: typeof import('@testing-library/react/pure').fireEvent;
let cleanup = () => {};

async function visit(search: string) {
  window.history.replaceState(null, '', `/courses/py-202/${search}`);
  jest.resetModules();
  const library = await import('@testing-library/react/pure');
  ({ screen, fireEvent, cleanup } = library);
  const { render } = library;
  const { CouponNotice } = await import('./coupon-notice');
  const { CouponPrice } = await import('@/components/course/coupon-price');
  render(
    <>
      <CouponPrice courseId="py-202" price={1299} originalPrice={8499} />
      <CouponNotice />
    </>,
  );
  // The rules arrive and the code is hashed: the notice says what it does.
  if (search) await screen.findByRole('status');
}

const price = () => screen.getByText(/price/i, { selector: '.price > span > span' }).parentElement!;
const struck = () => document.querySelector('.price > del')!;

beforeAll(() => {
  process.env.NEXT_PUBLIC_COUPONS = '1';
  // Node's Web Crypto and TextEncoder, as a browser has them (jsdom has neither).
  Object.defineProperty(globalThis, 'crypto', { value: webcrypto, configurable: true });
  Object.assign(globalThis, { TextEncoder });
  global.fetch = jest.fn(async () => ({ ok: true, json: async () => RULES })) as unknown as typeof fetch;
  // jsdom's AbortSignal has no timeout(); the fetch above never waits.
  AbortSignal.timeout ??= () => new AbortController().signal;
});

afterEach(() => {
  cleanup();
  window.sessionStorage.clear();
  jest.mocked(global.fetch).mockClear();
});

afterAll(() => {
  delete process.env.NEXT_PUBLIC_COUPONS;
});

describe('CouponNotice', () => {
  it('names a code that applies, says the checkout confirms the price, and shows the discounted price as the price', async () => {
    await visit('?coupon=welcome20');
    expect(screen.getByRole('status')).toHaveTextContent(
      'Code WELCOME20 applied. The final price is confirmed at checkout.',
    );
    expect(price()).toHaveTextContent('Price with code WELCOME20 $10.39');
    expect(struck()).toHaveTextContent('Price without code $12.99');
    expect(global.fetch).toHaveBeenCalledWith('/coupons.json', expect.anything());
  });

  it('says in plain words that an expired code changes no price', async () => {
    await visit('?couponCode=SUMMER10');
    expect(screen.getByRole('status')).toHaveTextContent('The code SUMMER10 has expired. Prices are unchanged.');
    expect(price()).toHaveTextContent('Current price $12.99');
    expect(struck()).toHaveTextContent('Original price $84.99');
  });

  it('keeps prices whole for a code meant for another course', async () => {
    await visit('?coupon=PYTHON5');
    expect(screen.getByRole('status')).toHaveTextContent('Code PYTHON5 applied to the courses it is for.');
    expect(price()).toHaveTextContent('Current price $12.99');
  });

  it('Remove forgets the code for the visit and restores the prices', async () => {
    await visit('?coupon=WELCOME20');
    expect(price()).toHaveTextContent('$10.39');
    fireEvent.click(screen.getByRole('button', { name: 'Remove code WELCOME20' }));
    expect(screen.queryByRole('complementary', { name: 'Coupon' })).not.toBeInTheDocument();
    expect(price()).toHaveTextContent('Current price $12.99');
    expect(struck()).toHaveTextContent('Original price $84.99');
    expect(window.sessionStorage.getItem('coupon')).toBeNull();
  });

  it('shows nothing, and full prices, without a code', async () => {
    await visit('');
    expect(screen.queryByRole('complementary', { name: 'Coupon' })).not.toBeInTheDocument();
    expect(price()).toHaveTextContent('Current price $12.99');
    expect(global.fetch).not.toHaveBeenCalledWith('/coupons.json', expect.anything());
  });
});
