import { shellUrl, startupAssets } from './service-worker.mjs';

describe('startupAssets', () => {
  const head = (base: string) =>
    `<link rel="stylesheet" href="${base}/_next/static/chunks/a.css" data-precedence="next"/>` +
    `<link rel="preload" as="script" href="${base}/_next/static/chunks/b.js"/>` +
    `<script src="${base}/_next/static/chunks/c.js" async=""></script>` +
    `<script src="${base}/_next/static/chunks/polyfill.js" noModule=""></script>` +
    `<link rel="prefetch" href="${base}/_next/static/chunks/later.js"/>` +
    `<link rel="icon" href="${base}/favicon.ico?x.ico"/><script>inline()</script>`;

  it('lists the stylesheets, scripts and preloads a page starts with, but no polyfill or prefetch', () => {
    expect([...startupAssets(head(''))]).toEqual([
      '_next/static/chunks/a.css',
      '_next/static/chunks/b.js',
      '_next/static/chunks/c.js',
    ]);
  });

  it('strips the deploy sub-path', () => {
    expect([...startupAssets(head('/storefront'), '/storefront')]).toEqual([
      '_next/static/chunks/a.css',
      '_next/static/chunks/b.js',
      '_next/static/chunks/c.js',
    ]);
  });
});

describe('shellUrl', () => {
  it('answers pages at their directory, encoded, under the sub-path', () => {
    expect(shellUrl('index.html')).toBe('/');
    expect(shellUrl('category/web development/index.html', '/storefront')).toBe(
      '/storefront/category/web%20development/',
    );
    expect(shellUrl('404.html')).toBe('/404.html');
    expect(shellUrl('_next/static/chunks/a.js', '/storefront')).toBe('/storefront/_next/static/chunks/a.js');
  });
});
