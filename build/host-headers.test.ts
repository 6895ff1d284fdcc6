/** @jest-environment node */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { checkoutConfig, NO_CHECKOUT, type CheckoutConfig } from '../config/checkout.mjs';
import { readEnv } from '../config/env.mjs';
import {
  checkoutOption,
  COMMITTED,
  headersFile,
  headersFor,
  IMMUTABLE,
  nginxSnippet,
  REVALIDATE,
} from './host-headers';

const paddle = (token: string) => checkoutConfig(readEnv({ CHECKOUT_PROVIDER: 'paddle', PADDLE_CLIENT_TOKEN: token }));
const sandbox = paddle('test_abc');
const live = paddle('live_abc');
/** The checkouts that open no frame in the site's pages (the others navigate away), as a build configures them. */
const navigating: [string, CheckoutConfig][] = [
  ['none', checkoutConfig(readEnv({}))],
  ['shopify', checkoutConfig(readEnv({ CHECKOUT_PROVIDER: 'shopify', SHOPIFY_STORE_DOMAIN: 'shop.example.com' }))],
  ['form', checkoutConfig(readEnv({ CHECKOUT_PROVIDER: 'form', CHECKOUT_FORM_URL: 'https://pay.example.com/go' }))],
];
const featuresOf = (policy: string) => policy.split(', ').map((entry) => entry.split('=')[0]);

describe('host headers', () => {
  it.each(COMMITTED.map(({ file, text }) => [path.relative(process.cwd(), file), text] as const))(
    '%s says what scripts/tools/host-headers.mjs says (run it with --write after a change)',
    (file, text) => {
      expect(readFileSync(file, 'utf8')).toBe(text());
    },
  );

  it('refuses framing, sniffing and full referrers on every path', () => {
    for (const pathname of ['/', '/courses/py-101/', '/_next/static/chunks/a.js', '/sw.js', '/404.html']) {
      expect(headersFor(pathname)).toMatchObject({
        'Content-Security-Policy': "frame-ancestors 'none'",
        'X-Content-Type-Options': 'nosniff',
        'Referrer-Policy': 'strict-origin-when-cross-origin',
      });
    }
  });

  it('turns off the features the site never uses, and not those a video player needs', () => {
    const policy = headersFor('/')['Permissions-Policy']!;
    for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb']) {
      expect(policy).toContain(`${feature}=()`);
    }
    for (const feature of ['autoplay', 'fullscreen', 'picture-in-picture', 'encrypted-media']) {
      expect(policy).not.toContain(feature);
    }
  });

  it('caches hashed assets for a year and has everything else revalidated', () => {
    expect(headersFor('/_next/static/chunks/app-123.js')['Cache-Control']).toBe(IMMUTABLE);
    expect(headersFor('/_next/static/flight/abc.txt')['Cache-Control']).toBe(IMMUTABLE);
    for (const pathname of ['/', '/index.html', '/courses/py-101/index.txt', '/sw.js', '/sw.js.map', '/_next/x.js']) {
      expect(headersFor(pathname)['Cache-Control']).toBe(REVALIDATE);
    }
  });

  it('sends Strict-Transport-Security nowhere over plain HTTP, and writes it commented out for HTTPS hosts', () => {
    expect(Object.keys(headersFor('/'))).not.toContain('Strict-Transport-Security');
    expect(headersFile()).toMatch(/^ {2}# Strict-Transport-Security: max-age=\d+/m);
    expect(nginxSnippet()).toMatch(/^ {2}# add_header Strict-Transport-Security "max-age=\d+/m);
  });

  it('gives overlapping _headers rules no header twice (Netlify and Cloudflare would join them)', () => {
    const rules = headersFile()
      .split(/\n(?=\/)/)
      .filter((block) => block.startsWith('/'))
      .map((block) =>
        block
          .split('\n')
          .filter((line) => /^ {2}[A-Z]/.test(line))
          .map((line) => line.split(':')[0]!.trim()),
      );
    const everywhere = rules[0]!;
    for (const rule of rules.slice(1)) expect(rule.filter((name) => everywhere.includes(name))).toEqual([]);
  });

  it.each(navigating)('gives a %s build the committed files and headers, byte for byte', (_, checkout) => {
    expect(headersFile('', checkout)).toBe(readFileSync('public/_headers', 'utf8'));
    expect(nginxSnippet('', checkout)).toBe(readFileSync('docs/nginx.conf', 'utf8'));
    expect(headersFile('/storefront', checkout)).toBe(headersFile('/storefront'));
    expect(nginxSnippet('/storefront', checkout)).toBe(nginxSnippet('/storefront'));
    for (const pathname of ['/', '/cart/', '/_next/static/chunks/a.js']) {
      expect(headersFor(pathname, checkout)).toEqual(headersFor(pathname));
    }
    expect(headersFor('/')['Permissions-Policy']).toContain(', payment=(), ');
  });

  it.each([
    ['sandbox (test_ token)', sandbox, 'https://sandbox-buy.paddle.com'],
    ['live (live_ token)', live, 'https://buy.paddle.com'],
  ])(
    "lets a Paddle %s build's pages and Paddle's checkout frame of that environment, only, use payment",
    (_, checkout, origin) => {
      const none = headersFor('/')['Permissions-Policy']!;
      for (const pathname of ['/', '/cart/', '/courses/py-101/', '/checkout/complete/', '/sw.js']) {
        const policy = headersFor(pathname, checkout)['Permissions-Policy']!;
        expect(policy).toBe(none.replace('payment=()', `payment=(self "${origin}")`));
        expect(featuresOf(policy)).toEqual(featuresOf(none));
        expect(policy.match(/paddle/g)).toHaveLength(1);
      }
      expect(headersFile('', checkout)).toContain(
        `  Permissions-Policy: ${headersFor('/', checkout)['Permissions-Policy']}\n`,
      );
      expect(nginxSnippet('', checkout)).toContain(`payment=(self \\"${origin}\\")`);
      expect(nginxSnippet('', checkout)).not.toContain('payment=()');
    },
  );

  it('changes nothing else for Paddle, and names the command that prints its files', () => {
    const others = (text: string) =>
      text
        .split('\n')
        .filter((line) => !/Permissions-Policy|^# For /.test(line))
        .join('\n');
    expect(others(headersFile('/storefront', sandbox))).toBe(others(headersFile('/storefront')));
    expect(others(nginxSnippet('/storefront', sandbox))).toBe(others(nginxSnippet('/storefront')));
    expect(headersFile('', sandbox)).toContain(
      '\n# For CHECKOUT_PROVIDER=paddle: node scripts/tools/host-headers.mjs _headers --provider=paddle --paddle-env=sandbox\n',
    );
    expect(nginxSnippet('', live)).toContain(
      '\n# For CHECKOUT_PROVIDER=paddle: node scripts/tools/host-headers.mjs nginx --provider=paddle --paddle-env=production\n',
    );
  });

  it("reads the printed files' checkout from --provider and --paddle-env, live by default", () => {
    expect(checkoutOption({})).toEqual(NO_CHECKOUT);
    expect(checkoutOption({ provider: 'form' })).toEqual({ provider: 'form' });
    expect(checkoutOption({ provider: 'paddle' })).toEqual(live);
    expect(checkoutOption({ provider: 'paddle', 'paddle-env': 'sandbox' })).toEqual(sandbox);
    expect(() => checkoutOption({ provider: 'stripe' })).toThrow(
      '--provider must be one of none, paddle, shopify, form',
    );
    expect(() => checkoutOption({ provider: 'paddle', 'paddle-env': 'test' })).toThrow(/--paddle-env/);
    expect(() => checkoutOption({ provider: 'shopify', 'paddle-env': 'sandbox' })).toThrow(/--paddle-env/);
  });

  it('puts the base path in front of every rule of a sub-path build', () => {
    expect(headersFile('/storefront')).toContain('\n/storefront/*\n');
    expect(headersFile('/storefront')).toContain('\n/storefront/_next/static/*\n');
    expect(nginxSnippet('/storefront')).toContain('location ^~ /storefront/_next/static/ {');
    expect(nginxSnippet('/storefront')).toContain('error_page 404 /storefront/404.html;');
  });
});
