/** @jest-environment node */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { COMMITTED, headersFile, headersFor, IMMUTABLE, nginxSnippet, REVALIDATE } from './host-headers.mjs';

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

  it('puts the base path in front of every rule of a sub-path build', () => {
    expect(headersFile('/storefront')).toContain('\n/storefront/*\n');
    expect(headersFile('/storefront')).toContain('\n/storefront/_next/static/*\n');
    expect(nginxSnippet('/storefront')).toContain('location ^~ /storefront/_next/static/ {');
    expect(nginxSnippet('/storefront')).toContain('error_page 404 /storefront/404.html;');
  });
});
