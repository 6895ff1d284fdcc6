import { createHash } from 'node:crypto';
import {
  checkoutSources,
  contentSecurityPolicy,
  inlineScriptHashes,
  scriptHash,
  unallowedInlineScripts,
  unsafeMarkup,
} from './csp';
import { readEnv } from '../config/env.mjs';
import { elements, parsePage } from './html';

const sha = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
const parsed = (html: string) => elements(parsePage(html));
const problems = (html: string) => parsed(html).flatMap(unsafeMarkup);

describe('inlineScriptHashes', () => {
  it('hashes the exact text of every inline script, byte for byte, in page order, each once', () => {
    const first = '(self.__next_f=self.__next_f||[]).push([0])';
    const second = 'self.__next_f.push([1,"caf\u00e9 \\u0026 <b>"])';
    const html = `<head><script>${first}</script></head><body><script id="_R_">${second}</script><script>${first}</script></body>`;
    expect(inlineScriptHashes(parsed(html))).toEqual([sha(first), sha(second)]);
  });

  it('leaves out external scripts and data blocks', () => {
    const html =
      '<script src="/_next/static/chunks/a.js" async=""></script><script type="application/ld+json">{"a":1}</script>' +
      '<script>x()</script><script type="module">y()</script>';
    expect(inlineScriptHashes(parsed(html))).toEqual([sha('x()'), sha('y()')]);
  });
});

describe('checkoutSources', () => {
  const paddle = (token: string) => readEnv({ CHECKOUT_PROVIDER: 'paddle', PADDLE_CLIENT_TOKEN: token });
  const form = readEnv({ CHECKOUT_PROVIDER: 'form', CHECKOUT_FORM_URL: 'https://pay.example.com:8443/checkout?x=1' });

  it("allows Paddle's script and the frame of the token's environment on the cart and course pages only", () => {
    for (const page of ['cart/index.html', 'courses/py-101/index.html']) {
      expect(checkoutSources(page, paddle('test_abc'))).toEqual({
        script: ['https://cdn.paddle.com'],
        frame: ['https://sandbox-buy.paddle.com'],
      });
      expect(checkoutSources(page, paddle('live_abc')).frame).toEqual(['https://buy.paddle.com']);
    }
    for (const page of [
      'index.html',
      'category/python/index.html',
      'checkout/complete/index.html',
      'search/index.html',
    ])
      expect(checkoutSources(page, paddle('test_abc'))).toEqual({});
  });

  it("with local prices, lets those pages (and only those) ask Paddle's preview of the token's environment", () => {
    const local = (token: string) =>
      readEnv({ CHECKOUT_PROVIDER: 'paddle', PADDLE_CLIENT_TOKEN: token, PADDLE_LOCAL_PRICES: '1' });
    for (const page of ['cart/index.html', 'courses/py-101/index.html']) {
      expect(checkoutSources(page, local('test_abc'))).toEqual({
        script: ['https://cdn.paddle.com'],
        frame: ['https://sandbox-buy.paddle.com'],
        connect: ['https://sandbox-checkout-service.paddle.com', 'https://sandbox-api.paddle.com'],
      });
      expect(checkoutSources(page, local('live_abc')).connect).toEqual([
        'https://checkout-service.paddle.com',
        'https://api.paddle.com',
      ]);
      expect(
        checkoutSources(
          page,
          readEnv({ CHECKOUT_PROVIDER: 'paddle', PADDLE_CLIENT_TOKEN: 'test_abc', PADDLE_LOCAL_PRICES: '0' }),
        ).connect,
      ).toBeUndefined();
    }
    expect(checkoutSources('index.html', local('test_abc'))).toEqual({});
  });

  it("allows the form's origin as a form target on those pages, and nothing for Shopify or none", () => {
    expect(checkoutSources('cart/index.html', form)).toEqual({ form: ['https://pay.example.com:8443'] });
    // And the payment pages its endpoint redirects to: Chrome holds that redirect to form-action too.
    const redirecting = readEnv({
      CHECKOUT_PROVIDER: 'form',
      CHECKOUT_FORM_URL: 'https://pay.example.com/checkout',
      CHECKOUT_FORM_REDIRECTS: 'https://checkout.stripe.com https://pay.example.com',
    });
    expect(checkoutSources('courses/py-101/index.html', redirecting)).toEqual({
      form: ['https://pay.example.com', 'https://checkout.stripe.com'],
    });
    expect(checkoutSources('wishlist/index.html', form)).toEqual({});
    const shopify = readEnv({ CHECKOUT_PROVIDER: 'shopify', SHOPIFY_STORE_DOMAIN: 'shop.example.com' });
    expect(checkoutSources('cart/index.html', shopify)).toEqual({});
    expect(checkoutSources('cart/index.html', readEnv({}))).toEqual({});
  });
});

describe('contentSecurityPolicy', () => {
  it('allows scripts only from the site, the given hashes and WebAssembly, never unsafe-inline', () => {
    expect(contentSecurityPolicy(["'sha256-abc='"])).toBe(
      "default-src 'self'; script-src 'self' 'sha256-abc=' 'wasm-unsafe-eval'; style-src 'self' 'unsafe-inline'; " +
        "img-src 'self' data:; object-src 'none'; base-uri 'self'; form-action 'self'",
    );
    expect(/script-src[^;]*unsafe-inline/.test(contentSecurityPolicy([]))).toBe(false);
  });
});

describe('unsafeMarkup', () => {
  it('finds inline event handlers, such as a stylesheet swap onload', () => {
    expect(problems(`<link rel="stylesheet" href="/a.css" media="print" onload="this.media='all'"/>`)).toEqual([
      'an inline event handler onload= on <link>',
    ]);
  });

  it('finds javascript: URLs in attributes that hold URLs, however they are cased, padded or encoded', () => {
    expect(problems('<a href=" JavaScript:alert(1)">x</a>')).toEqual(['a javascript: URL in href= on <a>']);
    expect(problems('<a href="java&#x09;script&colon;alert(1)">x</a>')).toEqual(['a javascript: URL in href= on <a>']);
    expect(problems('<form><button formaction="javascript:go()">Go</button></form>')).toEqual([
      'a javascript: URL in formaction= on <button>',
    ]);
    expect(problems('<img srcset="/a.png 1x, javascript:x 2x" alt="">')).toEqual([
      'a javascript: URL in srcset= on <img>',
    ]);
    expect(problems('<iframe src="javascript:x"></iframe><object data="javascript:y"></object>')).toEqual([
      'a javascript: URL in src= on <iframe>',
      'a javascript: URL in data= on <object>',
    ]);
  });

  it("passes a course named 'JavaScript: The Good Parts' in a name, a description and an alt text", () => {
    const name = 'JavaScript: The Good Parts';
    const html =
      `<head><title>${name}</title><meta name="description" content="${name}: a course"/>` +
      `<meta property="og:title" content="${name}"/><meta property="og:image:alt" content="${name}"/></head>` +
      `<body><h1 title="${name}">${name}</h1><img src="/images/js.svg" alt="${name}"/>` +
      `<a href="/courses/js-101/" aria-label="See details: ${name}" data-name="${name}">${name}</a></body>`;
    expect(problems(html)).toEqual([]);
  });

  it('ignores look-alikes in text, scripts and styles', () => {
    const html =
      '<style>a[onclick]{}</style><script>el.onclick=f; "javascript:x"</script>' +
      '<p data-note="onclick=x">Click on=the card; javascript: is a word</p><a href="/on-sale/">on</a>';
    expect(problems(html)).toEqual([]);
  });
});

describe('unallowedInlineScripts', () => {
  const run = 'document.title="x"';
  const page = (...scripts: string[]) => `<html><head>${scripts.join('')}</head><body></body></html>`;

  it('counts the inline scripts a policy would block, and none it allows', () => {
    const html = page(`<script>${run}</script>`, '<script id="_R_">self.a=1</script>');
    expect(unallowedInlineScripts(html, [scriptHash(run), scriptHash('self.a=1')])).toBe(0);
    expect(unallowedInlineScripts(html, [scriptHash(run)])).toBe(1);
    expect(unallowedInlineScripts(html, [])).toBe(2);
  });

  it('leaves out scripts with a src and data blocks, which no hash needs', () => {
    const html = page(
      '<script src="/_next/static/chunks/a.js" async=""></script>',
      '<script type="application/ld+json">{"@type":"Course"}</script>',
    );
    expect(unallowedInlineScripts(html, [])).toBe(0);
  });
});
