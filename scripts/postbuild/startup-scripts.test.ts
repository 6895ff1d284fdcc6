import { deferStartupScripts, LOADER, startupScriptUrls, startupStylesheetUrls } from './startup-scripts.mjs';
import { startupAssets } from './service-worker.mjs';

const chunk = (base: string, name: string) => `${base}/_next/static/chunks/${name}.js`;

/** The shape of a page as `next build` writes it: preload and async chunks in the head, one more at the end. */
const builtPage = (base = '') =>
  '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/><style>p{color:red}</style>' +
  `<link rel="preload" as="script" fetchPriority="low" href="${chunk(base, 'main')}"/>` +
  `<script src="${chunk(base, 'react')}" async=""></script><script src="${chunk(base, 'runtime')}" async=""></script>` +
  `<title>T</title><link rel="icon" href="${base}/icon.svg"/>` +
  `<script src="${chunk(base, 'polyfill')}" noModule=""></script></head>` +
  '<body><p>Hello</p><script>self.__next_f.push([1,"x"])</script>' +
  `<script src="${chunk(base, 'main')}" async=""></script>` +
  `<link rel="stylesheet" href="${base}/_next/static/chunks/a.css" data-precedence="next"/></body></html>`;

describe('deferStartupScripts', () => {
  it('takes every async chunk and script preload out of the HTML and lists them, in order, on one loader at the end of <body>', () => {
    const html = deferStartupScripts(builtPage());
    expect(html).not.toBeNull();
    expect(html!.match(/<script[^>]*\ssrc="[^"]*"/g)).toEqual([`<script src="${chunk('', 'polyfill')}"`]);
    expect(html).not.toContain('rel="preload"');
    expect(html).toContain(
      `<script data-startup="${chunk('', 'main')} ${chunk('', 'react')} ${chunk('', 'runtime')}" data-stylesheets="/_next/static/chunks/a.css">${LOADER}</script></body>`,
    );
  });

  it('moves the stylesheet onto the loader, and links it in a <noscript> for a browser without JavaScript', () => {
    const html = deferStartupScripts(builtPage())!;
    expect(html).not.toContain('data-precedence="next"/>');
    expect(html).toContain(
      '<noscript><link rel="stylesheet" href="/_next/static/chunks/a.css"/></noscript><script data-startup=',
    );
  });

  it('keeps what is not a deferrable start-up file: the nomodule polyfill, inline scripts, icons, the critical CSS', () => {
    const html = deferStartupScripts(builtPage())!;
    expect(html).toContain(`<script src="${chunk('', 'polyfill')}" noModule=""></script>`);
    expect(html).toContain('<script>self.__next_f.push([1,"x"])</script>');
    expect(html).toContain('<link rel="icon" href="/icon.svg"/>');
    expect(html).toContain('<style>p{color:red}</style>');
    expect(html.indexOf('<p>Hello</p>')).toBeLessThan(html.indexOf('data-startup'));
  });

  it('refuses a stylesheet of another React precedence rather than load it wrongly', () => {
    expect(() => deferStartupScripts(builtPage().replace('data-precedence="next"', 'data-precedence="high"'))).toThrow(
      'precedence "high"',
    );
  });

  it('leaves a page it has already done, or one without chunks, alone', () => {
    expect(deferStartupScripts(deferStartupScripts(builtPage())!)).toBeNull();
    expect(deferStartupScripts('<html><head></head><body><p>x</p></body></html>')).toBeNull();
  });

  it('keeps a blocking script where it is: only async ones may run later', () => {
    const html = deferStartupScripts(builtPage().replace('<title>', '<script src="/legacy.js"></script><title>'))!;
    expect(html).toContain('<script src="/legacy.js"></script><title>');
  });
});

describe('startupScriptUrls', () => {
  it('lists the same scripts before and after they are deferred, so budgets and precache see them', () => {
    const before = startupScriptUrls(builtPage('/storefront'));
    expect(before).toEqual([
      chunk('/storefront', 'main'),
      chunk('/storefront', 'react'),
      chunk('/storefront', 'runtime'),
    ]);
    expect(startupScriptUrls(deferStartupScripts(builtPage('/storefront'))!)).toEqual(before);
  });

  it('lists the same stylesheets before and after, linked or on the loader', () => {
    expect(startupStylesheetUrls(builtPage('/storefront'))).toEqual(['/storefront/_next/static/chunks/a.css']);
    expect(startupStylesheetUrls(deferStartupScripts(builtPage('/storefront'))!)).toEqual([
      '/storefront/_next/static/chunks/a.css',
    ]);
  });

  it('precaches the same assets for a deferred page', () => {
    expect(startupAssets(deferStartupScripts(builtPage())!)).toEqual(startupAssets(builtPage()));
  });
});

describe('LOADER', () => {
  /** Runs the loader as the browser would, with `hidden` and `readyState` under the test's control. */
  function runLoader({ hidden = false, readyState = 'interactive' } = {}) {
    document.head.innerHTML = '';
    document.body.innerHTML = '';
    const holder = document.createElement('script');
    holder.setAttribute('data-startup', '/a.js /b.js');
    holder.setAttribute('data-stylesheets', '/s.css');
    Object.defineProperty(document, 'currentScript', { value: holder, configurable: true });
    Object.defineProperty(document, 'hidden', { value: hidden, configurable: true });
    Object.defineProperty(document, 'readyState', { value: readyState, configurable: true });
    new Function(LOADER)();
    return () =>
      [...document.head.children].map((element) =>
        element instanceof HTMLLinkElement
          ? `${element.rel} ${element.getAttribute('href')} ${element.dataset.precedence}`
          : `script ${element.getAttribute('src')} ${(element as HTMLScriptElement).async}`,
      );
  }

  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('adds the stylesheet, then the scripts in order and async, once the page has loaded', () => {
    const added = runLoader();
    jest.advanceTimersByTime(1000);
    expect(added()).toEqual([]);
    window.dispatchEvent(new Event('load'));
    expect(added()).toEqual([]);
    jest.advanceTimersByTime(0);
    expect(added()).toEqual(['stylesheet /s.css next', 'script /a.js true', 'script /b.js true']);
  });

  it('does not wait past 3 s for a page whose images never finish, and adds nothing twice', () => {
    const added = runLoader();
    jest.advanceTimersByTime(3000);
    expect(added()).toHaveLength(3);
    window.dispatchEvent(new Event('load'));
    jest.runAllTimers();
    expect(added()).toHaveLength(3);
  });

  it('adds them at once in a hidden tab, or when the page has already loaded', () => {
    expect(runLoader({ hidden: true })()).toHaveLength(3);
    expect(runLoader({ readyState: 'complete' })()).toHaveLength(3);
  });
});
