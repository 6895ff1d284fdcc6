import {
  deferStartupScripts,
  flightFileName,
  LOADER,
  startupFlightUrl,
  startupScriptUrls,
  startupStylesheetUrls,
  takeFlight,
} from './startup-scripts.mjs';
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

describe('takeFlight', () => {
  const bootstrap = '<script>(self.__next_f=self.__next_f||[]).push([0])</script>';
  const push = (text: string) =>
    `<script>self.__next_f.push(${JSON.stringify([1, text]).replaceAll('<', '\\u003c')})</script>`;
  const page = (...scripts: string[]) =>
    `<html><head></head><body><p>Hi</p>${bootstrap}${scripts.join('')}</body></html>`;

  it('takes the payload chunks out of the page and joins them, as React would read them', () => {
    const taken = takeFlight(
      page(push('1:"$Sreact.fragment"\n'), push('2:["$","p",null,{"children":"<b>\\"])</b>"}]\n')),
    );
    expect(taken).toEqual({
      html: page(),
      flight: '1:"$Sreact.fragment"\n2:["$","p",null,{"children":"<b>\\"])</b>"}]\n',
    });
  });

  it("keeps Next's bootstrap, which must run before the first chunk arrives", () => {
    expect(takeFlight(page(push('x')))!.html).toContain(bootstrap);
  });

  it('leaves a page alone when it has no payload, or rows other than text that must stay in order with it', () => {
    expect(takeFlight(page())).toBeNull();
    expect(takeFlight(page(push('x'), '<script>self.__next_f.push([2,null])</script>'))).toBeNull();
  });

  it("names the payload by its content, so that another deploy's page never gets it", () => {
    expect(flightFileName('a')).toMatch(/^[0-9a-f]{20}\.txt$/);
    expect(flightFileName('a')).toBe(flightFileName('a'));
    expect(flightFileName('a')).not.toBe(flightFileName('b'));
  });

  it("is listed on the loader, and precached with the page's other start-up files", () => {
    const url = '/storefront/_next/static/flight/0123.txt';
    const html = deferStartupScripts(builtPage('/storefront'), url)!;
    expect(html).toContain(`data-flight="${url}">`);
    expect(startupFlightUrl(html)).toBe(url);
    expect(startupFlightUrl(deferStartupScripts(builtPage())!)).toBe('');
    expect(startupAssets(html, '/storefront')).toContain('_next/static/flight/0123.txt');
  });
});

describe('LOADER', () => {
  /** Runs the loader as the browser would, with `hidden` and `readyState` under the test's control. */
  function runLoader({ hidden = false, readyState = 'interactive', flight = '' } = {}) {
    document.head.innerHTML = '';
    document.body.innerHTML = '';
    const holder = document.createElement('script');
    holder.setAttribute('data-startup', '/a.js /b.js');
    holder.setAttribute('data-stylesheets', '/s.css');
    if (flight) holder.setAttribute('data-flight', flight);
    Object.defineProperty(document, 'currentScript', { value: holder, configurable: true });
    Object.defineProperty(document, 'hidden', { value: hidden, configurable: true });
    Object.defineProperty(document, 'readyState', { value: readyState, configurable: true });
    new Function(LOADER)();
    return () =>
      [...document.head.children].map((element) =>
        element instanceof HTMLLinkElement
          ? `${element.rel} ${element.getAttribute('href')} ${element.dataset.precedence ?? element.getAttribute('as')}`
          : `script ${element.getAttribute('src')} ${element.hasAttribute('async') ? 'async' : 'in order'}`,
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
    expect(added()).toEqual(['stylesheet /s.css next', 'script /a.js async', 'script /b.js async']);
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

  describe('with an RSC payload to fetch', () => {
    type Next = { __next_f?: unknown[] };
    const responses: ((response: { ok: boolean; status: number; text: () => Promise<string> } | Error) => void)[] = [];
    const answer = async (response: { ok: boolean; status: number; text: () => Promise<string> } | Error) => {
      responses.shift()!(response);
      // Lets the loader's promise callbacks run.
      for (let i = 0; i < 5; i++) await Promise.resolve();
    };
    const ok = (text: string) => ({ ok: true, status: 200, text: async () => text });

    beforeEach(() => {
      responses.length = 0;
      (window as Next).__next_f = [[0]];
      global.fetch = jest.fn(
        () =>
          new Promise((resolve, reject) =>
            responses.push((response) => (response instanceof Error ? reject(response) : resolve(response))),
          ),
      ) as unknown as typeof fetch;
    });

    it("preloads the scripts beside the payload, and adds them only once the payload is in Next's queue", async () => {
      const added = runLoader({ readyState: 'complete', flight: '/_next/static/flight/f.txt' });
      expect(global.fetch).toHaveBeenCalledWith('/_next/static/flight/f.txt');
      expect(added()).toEqual(['stylesheet /s.css next', 'preload /a.js script', 'preload /b.js script']);
      await answer(ok('0:payload'));
      expect((window as Next).__next_f).toEqual([[0], [1, '0:payload']]);
      expect(added().slice(3)).toEqual(['script /a.js async', 'script /b.js async']);
    });

    it('tries again when the fetch fails, and never adds the scripts without the payload', async () => {
      const added = runLoader({ readyState: 'complete', flight: '/f.txt' });
      await answer(new Error('offline'));
      jest.advanceTimersByTime(1000);
      expect(global.fetch).toHaveBeenCalledTimes(2);
      await answer({ ok: false, status: 503, text: async () => '' });
      jest.advanceTimersByTime(2000);
      expect(global.fetch).toHaveBeenCalledTimes(3);
      expect(added().filter((entry) => entry.startsWith('script'))).toEqual([]);
      await answer(ok('p'));
      expect(added().filter((entry) => entry.startsWith('script'))).toHaveLength(2);
    });

    it('gives up after four tries, leaving the static page as it is', async () => {
      runLoader({ readyState: 'complete', flight: '/f.txt' });
      for (let attempt = 1; attempt <= 4; attempt++) {
        await answer(new Error('offline'));
        jest.advanceTimersByTime(1000 * attempt);
      }
      expect(global.fetch).toHaveBeenCalledTimes(4);
      expect((window as Next).__next_f).toEqual([[0]]);
    });
  });
});
