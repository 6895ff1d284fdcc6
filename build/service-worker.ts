/**
 * Writes <out>/sw.js: sw/sw.ts bundled (config/bundles.mjs), with @serwist/build's precache of the
 * app shell: the home page, the categories' first pages, /cart/, /search/, /404/, the offline page,
 * the icons and the manifest, with what they load at start (the export manifest). Listings'
 * payloads are not precached: a listing works complete from its HTML. The rest is cached as it is
 * visited, so the precache does not grow with the catalogue; past PRECACHE_LIMIT the build fails.
 * The last step but the manifest, so that it records the final files.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { bundleOptions } from '../config/bundles.mjs';
import { readEnv } from '../config/env.mjs';
import { pageEntry, startupFiles } from './manifest';
import { esbuildDefines } from './next-output';
import { root } from './root';
import type { ExportManifest } from './manifest';

export const PRECACHE_LIMIT = 2 * 1024 * 1024;

const source = path.join(root, 'sw/sw.ts');

/** Pages the service worker cannot do without: it falls back to them. */
const REQUIRED_PAGES = ['offline/index.html', '404/index.html', 'cart/index.html'];

/**
 * Files of the app shell other than start-up files, as glob patterns relative to the export; a
 * page added here brings the files it loads at start with it.
 */
const SHELL_PATTERNS = [
  'index.html',
  'cart/index.html',
  // Only in a build that sells: where a checkout returns the buyer, online or not.
  'checkout/complete/index.html',
  'wishlist/index.html',
  'search/index.html',
  'offline/index.html',
  // The 404 page at its folder URL, /404/: hosts with pretty URLs (Cloudflare Pages) redirect /404.html.
  '404/index.html',
  'category/*/index.html',
  'icons/*.png',
  'manifest.webmanifest',
  'favicon.ico',
  'icon.png',
  'apple-icon.png',
];

/** Shell pages complete in their HTML, whose payloads are left to run-time caching. */
const LISTINGS = ['index.html', 'category/*/index.html'];

/** A glob of SHELL_PATTERNS ('*' within one folder) as a test of a page's path. */
const globTest = (glob: string) =>
  new RegExp(`^${glob.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replaceAll('*', '[^/]+')}$`);

/**
 * The files the app shell's pages load at start, relative to the export: their scripts and the
 * loader, the RSC payloads of all but the listings, and the whole stylesheet (each page inlines its
 * own rules; a client-side navigation offline needs the rest), as the export manifest lists them.
 */
export function shellStartupFiles(manifest: ExportManifest) {
  const tests = SHELL_PATTERNS.filter((pattern) => pattern.endsWith('.html')).map(globTest);
  const listings = LISTINGS.map(globTest);
  const pages = Object.keys(manifest.pages).filter((page) => tests.some((test) => test.test(page)));
  for (const page of REQUIRED_PAGES) {
    if (!pages.includes(page)) throw new Error(`service worker: the app shell needs ${page}`);
  }
  const files = pages.flatMap((page) => {
    const entry = pageEntry(manifest, page);
    const files = listings.some((test) => test.test(page)) ? [...entry.scripts, entry.loader] : startupFiles(entry);
    return [...files, ...entry.stylesheets];
  });
  return [...new Set(files)].sort();
}

/** The URL a precached file answers at: pages at their directory ('cart/' for cart/index.html). */
export function shellUrl(file: string, basePath = '') {
  const url = file.replace(/(^|\/)index\.html$/, '$1');
  return `${basePath}/${url.split('/').map(encodeURIComponent).join('/')}`;
}

const escapeGlob = (file: string) => file.replace(/[*?[\]{}()!+@\\]/g, '\\$&');

/**
 * The build's step, over the build's manifest.
 */
export async function run({
  outDir,
  basePath,
  manifest,
}: {
  outDir: string;
  basePath: string;
  manifest: ExportManifest;
}) {
  const startup = shellStartupFiles(manifest);

  // Loaded here, so that the pure helpers above import without the build tools.
  const [{ injectManifest }, { build }] = await Promise.all([import('@serwist/build'), import('esbuild')]);
  const temp = mkdtempSync(path.join(tmpdir(), 'sw-'));
  try {
    const bundled = path.join(temp, 'sw.js');
    await build({
      ...bundleOptions('browser', { ...readEnv(), BASE_PATH: basePath }, { root, define: esbuildDefines() }),
      entryPoints: [source],
      outfile: bundled,
      logLevel: 'warning',
    });

    let largest: { url: string; size: number }[] = [];
    const swDest = path.join(outDir, 'sw.js');
    const { count, size, warnings } = await injectManifest({
      swSrc: bundled,
      swDest,
      globDirectory: outDir,
      globPatterns: [...SHELL_PATTERNS, ...[...startup].map(escapeGlob)],
      globIgnores: ['sw.js'],
      // Content-hashed names: the URL is the revision.
      dontCacheBustURLsMatching: /^_next\/static\//,
      // The limit is on the whole precache, checked below with the largest files named.
      maximumFileSizeToCacheInBytes: Number.MAX_SAFE_INTEGER,
      manifestTransforms: [
        async (entries) => {
          largest = [...entries].sort((a, b) => b.size - a.size).slice(0, 3);
          return { manifest: entries.map((entry) => ({ ...entry, url: shellUrl(entry.url, basePath) })), warnings: [] };
        },
      ],
    });
    if (warnings.length) throw new Error(`service worker: ${warnings.join('; ')}`);
    const kb = (size / 1024).toFixed(0);
    if (size > PRECACHE_LIMIT) {
      rmSync(swDest, { force: true });
      const files = largest.map((entry) => `${entry.url} ${(entry.size / 1024).toFixed(0)} KB`).join(', ');
      throw new Error(
        `service worker: the precache is ${kb} KB, over the ${PRECACHE_LIMIT / 1024} KB limit (largest: ${files})`,
      );
    }
    return `sw.js precaches ${count} files, ${kb} KB (limit ${PRECACHE_LIMIT / 1024} KB), scope ${basePath}/`;
  } finally {
    rmSync(temp, { recursive: true, force: true });
  }
}
