import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import {
  DEFAULT_CATALOGUE,
  EnvError,
  LOCAL_SITE_URL,
  checkBuildEnv,
  checkoutBrowserEnv,
  paddleLocalPrices,
  instructorsFile,
  readEnv,
  reviewsFile,
  couponsFile,
  shopMoney,
  siteUrlWarning,
} from './env.mjs';

const ROOT = path.resolve(__dirname, '..');

/** The problems readEnv reports for `env`, or [] when it takes it. */
function problems(env: Record<string, string>): string[] {
  try {
    readEnv(env);
    return [];
  } catch (error) {
    expect(error).toBeInstanceOf(EnvError);
    return (error as EnvError).problems;
  }
}

describe('readEnv', () => {
  it('gives the defaults when nothing is set, and treats a blank variable as unset', () => {
    for (const env of [{}, { SITE_URL: '', BASE_PATH: ' ', CATALOGUE: '', NEXT_BUILD_WORKERS: '', NEXT_DIST_DIR: '' }])
      expect(readEnv(env)).toEqual({
        BASE_PATH: '',
        CATALOGUE: DEFAULT_CATALOGUE,
        CHECKOUT_PROVIDER: 'none',
        CHECKOUT_FORM_REDIRECTS: [],
        SHOP_CURRENCY: 'USD',
        SHOP_LOCALE: 'en-US',
      });
  });

  it('takes good values, SITE_URL without its trailing slashes and NEXT_BUILD_WORKERS as a number', () => {
    expect(
      readEnv({
        SITE_URL: 'https://courses.example.com/',
        BASE_PATH: '/storefront',
        CATALOGUE: 'exports/shop.json',
        NEXT_BUILD_WORKERS: '3',
        NEXT_DIST_DIR: 'out-storefront',
      }),
    ).toEqual({
      SITE_URL: 'https://courses.example.com',
      BASE_PATH: '/storefront',
      CATALOGUE: 'exports/shop.json',
      NEXT_BUILD_WORKERS: 3,
      NEXT_DIST_DIR: 'out-storefront',
      CHECKOUT_PROVIDER: 'none',
      CHECKOUT_FORM_REDIRECTS: [],
      SHOP_CURRENCY: 'USD',
      SHOP_LOCALE: 'en-US',
    });
    expect(readEnv({ BASE_PATH: '/shop/courses' }).BASE_PATH).toBe('/shop/courses');
    expect(readEnv({ SITE_URL: 'http://127.0.0.1:8080' }).SITE_URL).toBe('http://127.0.0.1:8080');
  });

  it.each([
    ['SITE_URL', 'courses.example.com'],
    ['SITE_URL', 'ftp://courses.example.com'],
    ['SITE_URL', 'https://courses.example.com/?ref=x'],
    ['BASE_PATH', 'storefront'],
    ['BASE_PATH', '/storefront/'],
    ['BASE_PATH', '/store front'],
    ['BASE_PATH', '/'],
    ['NEXT_BUILD_WORKERS', '0'],
    ['NEXT_BUILD_WORKERS', '1.5'],
    ['NEXT_BUILD_WORKERS', 'two'],
    ['NEXT_DIST_DIR', '../elsewhere'],
    ['NEXT_DIST_DIR', '/tmp/out'],
    ['CHECKOUT_PROVIDER', 'stripe'],
    ['CHECKOUT_PROVIDER', 'Paddle'],
    ['PADDLE_CLIENT_TOKEN', 'pk_live_abc'],
    ['PADDLE_CLIENT_TOKEN', 'test_'],
    ['SHOPIFY_STORE_DOMAIN', 'https://coursely-demo.myshopify.com'],
    ['SHOPIFY_STORE_DOMAIN', 'coursely-demo.myshopify.com/cart'],
    ['CHECKOUT_FORM_URL', 'pay.example.com/checkout'],
    ['CHECKOUT_FORM_URL', 'http://pay.example.com/checkout'],
    ['CHECKOUT_FORM_URL', 'https://pay.example.com/checkout#now'],
    ['SHOP_CURRENCY', 'EURO'],
    ['SHOP_CURRENCY', 'XYZ'],
    ['SHOP_CURRENCY', '€'],
    ['SHOP_LOCALE', 'German'],
    ['SHOP_LOCALE', 'de_DE!'],
    ['SHOP_LOCALE', 'zz-ZZ'],
  ])('refuses %s=%j, naming the variable and the value', (name, value) => {
    const [problem, ...more] = problems({ [name]: value });
    expect(more).toEqual([]);
    expect(problem?.startsWith(`${name}: `)).toBe(true);
    expect(problem?.endsWith(` (got ${JSON.stringify(value)})`)).toBe(true);
  });

  it('lists every bad variable at once, in a message that names each', () => {
    const env = { SITE_URL: 'nope', BASE_PATH: 'nope', NEXT_BUILD_WORKERS: 'nope' };
    expect(problems(env).map((problem) => problem.split(':')[0])).toEqual([
      'SITE_URL',
      'BASE_PATH',
      'NEXT_BUILD_WORKERS',
    ]);
    expect(() => readEnv(env)).toThrow(/^Bad environment variables:\n {2}SITE_URL: /);
  });
});

describe("readEnv: the shop's money", () => {
  it('takes an ISO 4217 currency (in any case) and a BCP 47 locale', () => {
    expect(readEnv({ SHOP_CURRENCY: 'eur', SHOP_LOCALE: 'de-DE' })).toMatchObject({
      SHOP_CURRENCY: 'EUR',
      SHOP_LOCALE: 'de-DE',
    });
    expect(readEnv({ SHOP_CURRENCY: 'JPY', SHOP_LOCALE: 'ja-JP' }).SHOP_CURRENCY).toBe('JPY');
    expect(readEnv({ SHOP_CURRENCY: 'KWD', SHOP_LOCALE: 'ar-KW' }).SHOP_LOCALE).toBe('ar-KW');
  });

  it('names both when both are bad', () => {
    expect(problems({ SHOP_CURRENCY: 'dollars', SHOP_LOCALE: 'nowhere-land' })).toEqual([
      'SHOP_CURRENCY: must be an ISO 4217 currency code, e.g. USD, EUR, JPY (got "dollars")',
      'SHOP_LOCALE: must be a BCP 47 locale this build knows, e.g. en-US, de-DE, ja-JP (got "nowhere-land")',
    ]);
  });

  it('gives the money pattern of the two (config/money.mjs)', () => {
    expect(shopMoney(readEnv({}))).toMatchObject({ currency: 'USD', digits: 2, prefix: '$' });
    expect(shopMoney(readEnv({ SHOP_CURRENCY: 'EUR', SHOP_LOCALE: 'de-DE' }))).toMatchObject({
      currency: 'EUR',
      suffix: '\u00a0€',
      decimal: ',',
    });
  });
});

describe('readEnv: checkout', () => {
  it('sells nothing by default, and takes each provider with what it needs', () => {
    expect(readEnv({ PADDLE_CLIENT_TOKEN: 'test_abc' }).CHECKOUT_PROVIDER).toBe('none');
    expect(readEnv({ CHECKOUT_PROVIDER: 'paddle', PADDLE_CLIENT_TOKEN: 'live_0123abc' })).toMatchObject({
      CHECKOUT_PROVIDER: 'paddle',
      PADDLE_CLIENT_TOKEN: 'live_0123abc',
    });
    expect(
      readEnv({ CHECKOUT_PROVIDER: 'shopify', SHOPIFY_STORE_DOMAIN: 'Coursely-Demo.myshopify.com' })
        .SHOPIFY_STORE_DOMAIN,
    ).toBe('coursely-demo.myshopify.com');
    expect(readEnv({ CHECKOUT_PROVIDER: 'form', CHECKOUT_FORM_URL: 'https://pay.example.com/checkout' })).toMatchObject(
      { CHECKOUT_FORM_URL: 'https://pay.example.com/checkout' },
    );
    expect(
      readEnv({ CHECKOUT_PROVIDER: 'form', CHECKOUT_FORM_URL: 'http://127.0.0.1:4100/pay' }).CHECKOUT_FORM_URL,
    ).toBe('http://127.0.0.1:4100/pay');
  });

  it('takes the origins a form endpoint may redirect to, with form only', () => {
    const form = { CHECKOUT_PROVIDER: 'form', CHECKOUT_FORM_URL: 'https://pay.example.com/checkout' };
    expect(readEnv(form).CHECKOUT_FORM_REDIRECTS).toEqual([]);
    expect(
      readEnv({ ...form, CHECKOUT_FORM_REDIRECTS: 'https://checkout.stripe.com, https://pay.example.org' })
        .CHECKOUT_FORM_REDIRECTS,
    ).toEqual(['https://checkout.stripe.com', 'https://pay.example.org']);
    for (const bad of ['https://checkout.stripe.com/pay', 'http://checkout.stripe.com', 'checkout.stripe.com'])
      expect(problems({ ...form, CHECKOUT_FORM_REDIRECTS: bad })).toEqual([
        `CHECKOUT_FORM_REDIRECTS: must be https:// origins without a path, e.g. https://checkout.stripe.com (got ${JSON.stringify(bad)})`,
      ]);
    expect(problems({ CHECKOUT_FORM_REDIRECTS: 'https://checkout.stripe.com' })).toEqual([
      'CHECKOUT_FORM_REDIRECTS: is only read with CHECKOUT_PROVIDER=form (it is none) (got "https://checkout.stripe.com")',
    ]);
  });

  it('takes PADDLE_LOCAL_PRICES=1 or 0 with Paddle, and refuses it with any other checkout, saying why', () => {
    const paddle = { CHECKOUT_PROVIDER: 'paddle', PADDLE_CLIENT_TOKEN: 'test_abc' };
    expect(paddleLocalPrices(readEnv({ ...paddle, PADDLE_LOCAL_PRICES: '1' }))).toBe(true);
    expect(paddleLocalPrices(readEnv({ ...paddle, PADDLE_LOCAL_PRICES: '0' }))).toBe(false);
    expect(paddleLocalPrices(readEnv(paddle))).toBe(false);
    expect(readEnv({ PADDLE_LOCAL_PRICES: ' ' }).PADDLE_LOCAL_PRICES).toBeUndefined();
    for (const bad of ['yes', 'true', '2'])
      expect(problems({ ...paddle, PADDLE_LOCAL_PRICES: bad })).toEqual([
        `PADDLE_LOCAL_PRICES: must be 1 (show the buyer's local price) or 0 (got ${JSON.stringify(bad)})`,
      ]);
    // Asked for and silently not shown would be worse than a stopped build.
    for (const provider of ['none', 'shopify'])
      expect(
        problems({ CHECKOUT_PROVIDER: provider, SHOPIFY_STORE_DOMAIN: 'shop.example.com', PADDLE_LOCAL_PRICES: '1' }),
      ).toEqual([
        `PADDLE_LOCAL_PRICES: is only read with CHECKOUT_PROVIDER=paddle (it is ${provider}): local prices come from Paddle's pricing preview (got "1")`,
      ]);
    expect(readEnv({ PADDLE_LOCAL_PRICES: '0' }).CHECKOUT_PROVIDER).toBe('none');
    expect(checkoutBrowserEnv(readEnv({ ...paddle, PADDLE_LOCAL_PRICES: '1' }))).toEqual({
      NEXT_PUBLIC_CHECKOUT_PROVIDER: 'paddle',
      NEXT_PUBLIC_PADDLE_CLIENT_TOKEN: 'test_abc',
    });
  });

  it.each([
    ['paddle', 'PADDLE_CLIENT_TOKEN'],
    ['shopify', 'SHOPIFY_STORE_DOMAIN'],
    ['form', 'CHECKOUT_FORM_URL'],
  ])('refuses CHECKOUT_PROVIDER=%s without %s, naming it', (provider, variable) => {
    expect(problems({ CHECKOUT_PROVIDER: provider })).toEqual([
      `${variable}: is required with CHECKOUT_PROVIDER=${provider} (not set)`,
    ]);
    expect(problems({ CHECKOUT_PROVIDER: provider, [variable]: '  ' })).toHaveLength(1);
  });

  it("names a missing provider variable beside other variables' faults", () => {
    expect(problems({ SITE_URL: 'nope', CHECKOUT_PROVIDER: 'paddle' }).map((p) => p.split(':')[0])).toEqual([
      'SITE_URL',
      'PADDLE_CLIENT_TOKEN',
    ]);
  });
});

describe('checkBuildEnv', () => {
  it('takes the shipped catalogue, and refuses a CATALOGUE that names no file', () => {
    expect(checkBuildEnv(ROOT, {}).CATALOGUE).toBe(DEFAULT_CATALOGUE);
    expect(() => checkBuildEnv(ROOT, { CATALOGUE: 'data/missing.json' })).toThrow(
      'CATALOGUE: no file at "data/missing.json"',
    );
    expect(() => checkBuildEnv(ROOT, { CATALOGUE: 'data' })).toThrow('CATALOGUE: no file at "data"');
  });
});

describe('instructorsFile and reviewsFile', () => {
  it('are the shipped files, which may be missing, with the shipped catalogue', () => {
    expect(instructorsFile(readEnv({}))).toEqual({ file: 'data/instructors.json', optional: true });
    expect(reviewsFile(readEnv({}))).toEqual({ file: 'data/reviews.json', optional: true });
    expect(reviewsFile(readEnv({ CATALOGUE: './data/courses.json' }))).toEqual({
      file: 'data/reviews.json',
      optional: true,
    });
  });

  it('are the files INSTRUCTORS and REVIEWS name, which must exist', () => {
    const env = readEnv({ CATALOGUE: 'shop.json', INSTRUCTORS: 'shop-instructors.json', REVIEWS: 'shop-reviews.json' });
    expect(instructorsFile(env)).toEqual({ file: 'shop-instructors.json', optional: false });
    expect(reviewsFile(env)).toEqual({ file: 'shop-reviews.json', optional: false });
    expect(() => checkBuildEnv(ROOT, { REVIEWS: 'data/no-reviews.json' })).toThrow(
      'REVIEWS: no file at "data/no-reviews.json"',
    );
  });

  it('is the file COUPONS names, which must exist; else data/coupons.json with the shipped catalogue, if there', () => {
    expect(couponsFile(readEnv({ COUPONS: 'shop-coupons.json' }))).toEqual({
      file: 'shop-coupons.json',
      optional: false,
    });
    expect(couponsFile(readEnv({}))).toEqual({ file: 'data/coupons.json', optional: true });
    expect(couponsFile(readEnv({ CATALOGUE: 'shop.json' }))).toBeUndefined();
    expect(() => checkBuildEnv(ROOT, { COUPONS: 'data/no-coupons.json' })).toThrow(
      'COUPONS: no file at "data/no-coupons.json"',
    );
  });

  it('are none for another catalogue that names none: the shipped ones are of the shipped courses', () => {
    expect(instructorsFile(readEnv({ CATALOGUE: 'shop.json' }))).toBeUndefined();
    expect(reviewsFile(readEnv({ CATALOGUE: 'shop.json', INSTRUCTORS: 'shop-instructors.json' }))).toBeUndefined();
  });
});

describe('siteUrlWarning', () => {
  it('says loudly that an export without SITE_URL points at the local server, and nothing when it is set', () => {
    expect(siteUrlWarning(readEnv({}))).toContain(`SITE_URL is not set`);
    expect(siteUrlWarning(readEnv({}))).toContain(LOCAL_SITE_URL);
    expect(siteUrlWarning(readEnv({ SITE_URL: 'https://courses.example.com' }))).toBe('');
  });
});

describe('npm run build with a bad variable', () => {
  it('stops before next build runs, naming the variable, and writes no export', () => {
    const run = spawnSync(process.execPath, ['scripts/build.mjs'], {
      cwd: ROOT,
      env: { ...process.env, BASE_PATH: 'storefront', NEXT_DIST_DIR: 'out-env-test' },
      encoding: 'utf8',
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('BASE_PATH: must be a path that starts with /');
    expect(run.stdout).not.toContain('Creating an optimized production build');
    expect(existsSync(path.join(ROOT, 'out-env-test'))).toBe(false);
  });
});
