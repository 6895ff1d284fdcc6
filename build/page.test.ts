import { createHash } from 'node:crypto';
import { startLoader } from '@/lib/browser/loader';
import { inlinable } from './inline-css';
import { NEXT_BOOTSTRAP, payloadBuildId, runtimeLast } from './next-output';
import { inspectPage, loaderTag, payloadMark, rewritePage } from './page';

const chunk = (name: string) => `/_next/static/chunks/${name}.js`;
const sha = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** A page in the shape `next build` writes it (Next 16): chunks in the head, payload rows in the body. */
const builtPage = ({ payload = ['<script>self.__next_f.push([1,"0:{\\"a\\":1}\\n"])</script>'] } = {}) =>
  '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/>' +
  `<link rel="stylesheet" href="/_next/static/chunks/a.css" data-precedence="next"/>` +
  `<link rel="preload" as="script" fetchPriority="low" href="${chunk('main')}"/>` +
  `<script src="${chunk('react')}" async=""></script><title>T</title><link rel="icon" href="/icon.svg"/>` +
  `<script src="${chunk('polyfill')}" noModule=""></script></head>` +
  `<body><p>Hello</p><script src="${chunk('main')}" async=""></script>` +
  `<script>${NEXT_BOOTSTRAP}</script>${payload.join('')}</body></html>`;

/** The loader's stub stands for itself here: the page step writes and hashes whatever it is given (lib/browser/loader-stub.ts). */
const LOADER_STUB = 'startLoaderStub()';
const options = {
  css: 'p{color:red}',
  payloadUrl: '/index.txt',
  mark: 'b1',
  loaderUrl: '/_next/static/loader/l.js',
  stub: LOADER_STUB,
};

describe('inspectPage', () => {
  it("reads Next's start-up files and the payload its rows hold", () => {
    const shape = inspectPage(builtPage(), 'index.html');
    expect(shape.adapted).toBe(false);
    expect(shape.scripts).toEqual([chunk('main'), chunk('react')]);
    expect(shape.stylesheets).toEqual(['/_next/static/chunks/a.css']);
    expect(shape.payload).toBe('0:{"a":1}\n');
  });

  it("fails, naming the page and the part, on a page without Next's payload", () => {
    expect(() => inspectPage(builtPage({ payload: [] }), 'courses/x/index.html')).toThrow(
      'courses/x/index.html: no inline RSC payload (self.__next_f.push([1,"…"]) scripts)',
    );
  });

  it('fails on every other part it depends on', () => {
    const cases: [string, string][] = [
      [builtPage().replace(`<script>${NEXT_BOOTSTRAP}</script>`, ''), 'no Next bootstrap script'],
      [
        builtPage({ payload: ['<script>self.__next_f.push([2,"form state"])</script>'] }),
        'an RSC payload row the adapter does not know',
      ],
      [
        builtPage().replace(/<script src="[^"]*" async=""><\/script>|<link rel="preload"[^>]*>/g, ''),
        'no Next script chunks',
      ],
      [builtPage().replace(/<link rel="stylesheet"[^>]*>/, ''), 'no stylesheet link with data-precedence="next"'],
      [builtPage().replace('data-precedence="next"', 'data-precedence="high"'), 'a stylesheet of precedence "high"'],
      [builtPage().replace('<head>', '').replace('</head>', ''), 'no <head>'],
      [builtPage().replace(' async=""', ''), 'neither async nor nomodule'],
    ];
    for (const [html, message] of cases) expect(() => inspectPage(html, 'index.html')).toThrow(message);
  });

  it('refuses markup a strict CSP forbids', () => {
    const html = builtPage().replace('<p>Hello</p>', '<p onclick="go()">Hello</p><a href="javascript:go()">Go</a>');
    expect(() => inspectPage(html, 'index.html')).toThrow(
      "index.html: markup that a strict CSP only allows with 'unsafe-inline': an inline event handler onclick= on <p>; a javascript: URL in href= on <a>",
    );
  });
});

describe('rewritePage', () => {
  const adapt = (html: string) => rewritePage(html, inspectPage(html, 'index.html'), options);

  it('moves the payload, chunks and preloads to one loader at the end of <body>, and leaves every other byte', () => {
    const page = builtPage();
    const { html } = rewritePage(page, inspectPage(page, 'index.html'), { ...options, keepLoadTimeLinks: true });
    expect(html).not.toContain('<script>self.__next_f.push([1,');
    expect(html.match(/<script[^>]*\ssrc=/g)).toEqual(['<script src=']);
    expect(html).toContain(`<script src="${chunk('polyfill')}" noModule=""></script>`);
    expect(html).not.toContain('rel="preload"');
    expect(html).toContain(
      `</p><script>${NEXT_BOOTSTRAP}</script><script data-loader="${options.loaderUrl}" ` +
        `data-startup="${chunk('main')} ${chunk('react')}" data-payload="/index.txt" data-mark="${options.mark}">${LOADER_STUB}</script></body>`,
    );
    expect(html).not.toContain('<noscript>');
    expect(html).toContain('<p>Hello</p>');
    expect(html).toContain(`<script>${NEXT_BOOTSTRAP}</script>`);
    expect(html).toContain('<title>T</title><link rel="icon" href="/icon.svg"/>');
  });

  it('drops the head links a browser follows on load (icon, manifest) unless told to keep them, and only those', () => {
    const page = builtPage().replace(
      '<title>T</title>',
      '<title>T</title><link rel="manifest" href="/manifest.webmanifest"/><link rel="apple-touch-icon" href="/a.png"/>',
    );
    const { html } = adapt(page);
    expect(html).not.toContain('rel="icon"');
    expect(html).not.toContain('rel="manifest"');
    expect(html).toContain('<title>T</title><link rel="apple-touch-icon" href="/a.png"/>');
    expect(adapt(html).html).toBe(html);
  });

  it('inlines the stylesheet where its link was, keeps the link disabled for React, and puts a policy first in the head', () => {
    const { html, inlineScriptHashes } = adapt(builtPage());
    // The loader is a file of its own ('self'): its stub is the one inline script the adapter adds.
    expect(inlineScriptHashes).toEqual([sha(NEXT_BOOTSTRAP), sha(LOADER_STUB)]);
    expect(html).toMatch(
      new RegExp(
        `^<!DOCTYPE html><html lang="en"><head><meta http-equiv="Content-Security-Policy" content="[^"]*script-src 'self' ` +
          `${inlineScriptHashes.join(' ').replace(/[+/]/g, '\\$&')} 'wasm-unsafe-eval';[^"]*"/><meta charSet="utf-8"/>` +
          '<style>p\\{color:red\\}</style><link rel="stylesheet" href="/_next/static/chunks/a.css" data-precedence="next" disabled=""/>',
      ),
    );
  });

  it('changes nothing when it runs again over its own output', () => {
    const once = adapt(builtPage()).html;
    const shape = inspectPage(once, 'index.html');
    expect(shape.adapted).toBe(true);
    expect(shape.scripts).toEqual([chunk('main'), chunk('react')]);
    expect(rewritePage(once, shape, { ...options, css: undefined }).html).toBe(once);
  });

  it('brings the build id and the policy up to date on a page edited after the build', () => {
    const once = adapt(builtPage());
    const edited = once.html.replace(
      `<script>${NEXT_BOOTSTRAP}</script>`,
      `<script>${NEXT_BOOTSTRAP}</script><script>x()</script>`,
    );
    const again = rewritePage(edited, inspectPage(edited, 'index.html'), { ...options, css: undefined, mark: 'b2' });
    expect(again.inlineScriptHashes).toEqual([sha(NEXT_BOOTSTRAP), sha('x()'), sha(LOADER_STUB)]);
    expect(again.html.match(/Content-Security-Policy/g)).toHaveLength(1);
    expect(again.html).toContain('data-mark="b2"');
  });

  it('changes nothing on a second run when the policy before the charset fills most of its first 1024 bytes', () => {
    const some = Array.from({ length: 8 }, (_, i) => `<script>f(${i})</script>`).join('');
    const once = adapt(builtPage().replace('<p>Hello</p>', `<p>Hello</p>${some}`)).html;
    expect(once.indexOf('<meta charSet="utf-8"/>')).toBeGreaterThan(600);
    expect(once.indexOf('<meta charSet="utf-8"/>')).toBeLessThan(1024);
    expect(rewritePage(once, inspectPage(once, 'index.html'), { ...options, css: undefined }).html).toBe(once);
  });

  it('keeps the charset declaration within the first 1024 bytes', () => {
    const many = Array.from({ length: 30 }, (_, i) => `<script>f(${i})</script>`).join('');
    const { html } = adapt(builtPage().replace('<p>Hello</p>', `<p>Hello</p>${many}`));
    expect(html.indexOf('<meta charSet="utf-8"/>')).toBeLessThan(1024);
    expect(html).toContain('<head><meta charSet="utf-8"/><meta http-equiv="Content-Security-Policy"');
    const again = inspectPage(html, 'index.html');
    expect(rewritePage(html, again, { ...options, css: undefined }).html).toBe(html);
  });
});

describe('runtimeLast', () => {
  const heads: Record<string, string> = {
    a: '(globalThis.TURBOPACK||(globalThis.TURBOPACK=[])).push([document.currentScript,1,',
    runtime: '(()=>{let e;var t,r=globalThis.TURBOPACK;',
    b: '(globalThis.TURBOPACK||(globalThis.TURBOPACK=[])).push([document.currentScript,2,',
  };
  const head = (url: string) => heads[url] ?? '';

  it("puts the framework's runtime last and keeps the chunks in Next's order", () => {
    expect(runtimeLast(['a', 'runtime', 'b'], head, 'index.html')).toEqual(['a', 'b', 'runtime']);
  });

  it('fails, naming the page, without exactly one runtime', () => {
    expect(() => runtimeLast(['a', 'b'], head, 'cart/index.html')).toThrow(
      'cart/index.html: expected one framework runtime among its start-up scripts',
    );
    expect(() =>
      runtimeLast(['runtime', 'a', 'runtime2'], (url) => (url === 'a' ? heads.a! : 'x'), 'index.html'),
    ).toThrow('found 2: runtime, runtime2');
  });
});

describe('inlinable', () => {
  it('keeps data: URIs and absolute paths, and cannot end the <style> early', () => {
    expect(inlinable('a{b:url("data:x")}c{d:url(/_next/static/media/f.woff2)}e{content:"</style>"}', 'a.css')).toBe(
      'a{b:url("data:x")}c{d:url(/_next/static/media/f.woff2)}e{content:"<\\/style>"}',
    );
  });

  it('fails, naming the stylesheet, on a URL relative to it', () => {
    expect(() => inlinable('@font-face{src:url(../media/f.woff2)}', '_next/static/chunks/a.css')).toThrow(
      '_next/static/chunks/a.css: url(../media/f.woff2) is relative to the stylesheet',
    );
  });
});

describe('payloadBuildId', () => {
  const row = (build: string) =>
    `0:{"P":null,"c":["",""],"q":"","i":false,"t":{},"S":true,"b":"${build}"}\n1:"$Sreact.fragment"\n`;

  it("reads the build id Next writes into the payload's row 0, wherever that row is", () => {
    expect(payloadBuildId(row('J9VmkTuraEpA94KORH9Cm'), 'index.txt')).toBe('J9VmkTuraEpA94KORH9Cm');
    expect(payloadBuildId(`1:"$Sreact.fragment"\n${row('Nmr_A-1')}`, 'cart/index.txt')).toBe('Nmr_A-1');
  });

  it('fails, naming the file, when row 0 has no build id', () => {
    expect(() => payloadBuildId('0:{"P":null}\n1:{"b":"x"}\n', 'cart/index.txt')).toThrow(
      'cart/index.txt: no build id ("b":"…") in the payload\'s row 0',
    );
  });

  it('is what the loader looks for in the tag the page step writes: the payload the page was made with hydrates, another does not', async () => {
    const run = async (text: string) => {
      const tag = loaderTag({
        ...options,
        scripts: ['/a.js', '/runtime.js'],
        mark: payloadMark(row('b1')),
      });
      document.head.innerHTML = '';
      document.body.innerHTML = tag;
      const queue: unknown[] = [];
      Object.assign(window, { __next_f: queue });
      const bytes = new TextEncoder().encode(text);
      global.fetch = jest.fn(async () => ({ ok: true, arrayBuffer: async () => bytes.buffer }) as Response);
      startLoader(document);
      await jest.advanceTimersByTimeAsync(0);
      return {
        queue,
        scripts: [...document.head.querySelectorAll('script')].map((script) => script.getAttribute('src')),
      };
    };
    jest.useFakeTimers();
    try {
      expect(await run(row('b1'))).toEqual({ queue: [[1, row('b1')]], scripts: ['/a.js', '/runtime.js'] });
      // Nothing of the runtime is fetched for a payload it will not run: another build's, or the
      // same build's with other data (a deploy that changed only the catalogue keeps the build id).
      expect(await run(row('b2'))).toEqual({ queue: [], scripts: ['/a.js'] });
      expect(await run(row('b1').replace('"P":null', '"P":1'))).toEqual({ queue: [], scripts: ['/a.js'] });
    } finally {
      jest.useRealTimers();
    }
  });
});
