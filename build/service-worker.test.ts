import type { ExportManifest, PageEntry } from './manifest';
import { shellStartupFiles, shellUrl } from './service-worker';

const entry = (name: string): PageEntry => ({
  url: `/${name}/`,
  scripts: ['_next/static/chunks/shared.js', `_next/static/chunks/${name}.js`],
  loader: '_next/static/loader/l.js',
  stylesheets: ['_next/static/chunks/a.css'],
  payload: `${name}/index.txt`,
  rsc: [`${name}/index.txt`],
  inlineScriptHashes: [],
  bytes: { html: 1, payload: 1 },
});

const manifest = (pages: string[]): ExportManifest => ({
  version: 1,
  next: '16',
  basePath: '',
  checkout: { provider: 'none' },
  pages: Object.fromEntries(pages.map((page) => [page, entry(page.replace(/\/?index\.html$|\.html$/, '') || 'home')])),
});

describe('shellStartupFiles', () => {
  it("lists the app shell's scripts, the loader, the whole stylesheet and the payloads of its pages drawn in the browser, each once, and no other page's", () => {
    const files = shellStartupFiles(
      manifest([
        'index.html',
        'cart/index.html',
        'offline/index.html',
        '404/index.html',
        'category/web development/index.html',
        'courses/py-101/index.html',
      ]),
    );
    expect(files).toEqual([
      '404/index.txt',
      '_next/static/chunks/404.js',
      '_next/static/chunks/a.css',
      '_next/static/chunks/cart.js',
      '_next/static/chunks/category/web development.js',
      '_next/static/chunks/home.js',
      '_next/static/chunks/offline.js',
      '_next/static/chunks/shared.js',
      '_next/static/loader/l.js',
      'cart/index.txt',
      'offline/index.txt',
    ]);
  });

  it('fails when a page the worker falls back to is missing', () => {
    expect(() => shellStartupFiles(manifest(['index.html', 'cart/index.html', '404/index.html']))).toThrow(
      'the app shell needs offline/index.html',
    );
  });
});

describe('shellUrl', () => {
  it('answers pages at their directory, encoded, under the sub-path', () => {
    expect(shellUrl('index.html')).toBe('/');
    expect(shellUrl('category/web development/index.html', '/storefront')).toBe(
      '/storefront/category/web%20development/',
    );
    expect(shellUrl('404.html')).toBe('/404.html');
    expect(shellUrl('404/index.html')).toBe('/404/');
    expect(shellUrl('_next/static/chunks/a.js', '/storefront')).toBe('/storefront/_next/static/chunks/a.js');
  });
});
