import { deferStartupScripts, LOADER, startupScriptUrls } from './startup-scripts.mjs';
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
      `<script data-startup="${chunk('', 'main')} ${chunk('', 'react')} ${chunk('', 'runtime')}">${LOADER}</script></body>`,
    );
  });

  it('keeps what is not a deferrable start-up script: the nomodule polyfill, inline scripts, icons, the stylesheet', () => {
    const html = deferStartupScripts(builtPage())!;
    expect(html).toContain(`<script src="${chunk('', 'polyfill')}" noModule=""></script>`);
    expect(html).toContain('<script>self.__next_f.push([1,"x"])</script>');
    expect(html).toContain('<link rel="icon" href="/icon.svg"/>');
    expect(html).toContain('<link rel="stylesheet" href="/_next/static/chunks/a.css" data-precedence="next"/>');
    expect(html.indexOf('<p>Hello</p>')).toBeLessThan(html.indexOf('data-startup'));
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

  it('precaches the same assets for a deferred page', () => {
    expect(startupAssets(deferStartupScripts(builtPage())!)).toEqual(startupAssets(builtPage()));
  });
});

describe('LOADER', () => {
  /** Runs the loader as the browser would, with `hidden` and a frame callback under the test's control. */
  function runLoader(hidden: boolean) {
    document.head.innerHTML = '';
    document.body.innerHTML = '';
    const holder = document.createElement('script');
    holder.setAttribute('data-startup', '/a.js /b.js');
    Object.defineProperty(document, 'currentScript', { value: holder, configurable: true });
    Object.defineProperty(document, 'hidden', { value: hidden, configurable: true });
    const frames: FrameRequestCallback[] = [];
    const raf = jest.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => frames.push(callback));
    new Function(LOADER)();
    raf.mockRestore();
    const added = () => [...document.head.querySelectorAll('script')].map((script) => script.getAttribute('src'));
    return { frames, added };
  }

  afterEach(() => jest.useRealTimers());

  it('adds the scripts, in order and async, only after the next frame has been painted', () => {
    jest.useFakeTimers();
    const { frames, added } = runLoader(false);
    expect(added()).toEqual([]);
    frames.forEach((frame) => frame(0));
    expect(added()).toEqual([]);
    jest.runAllTimers();
    expect(added()).toEqual(['/a.js', '/b.js']);
    expect([...document.head.querySelectorAll('script')].every((script) => script.async)).toBe(true);
  });

  it('adds them at once in a hidden tab, where no frame comes', () => {
    const { frames, added } = runLoader(true);
    expect(frames).toHaveLength(0);
    expect(added()).toEqual(['/a.js', '/b.js']);
  });
});
