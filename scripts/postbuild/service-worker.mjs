/**
 * Writes <out>/sw.js: sw/sw.ts bundled with esbuild, with the precache manifest (the app
 * shell) injected by @serwist/build. The last postbuild step, so that the revisions it
 * records are those of the final files (search index, inlined CSS and CSP included).
 *
 * The app shell is the home page, each category's page 1, /cart/, /search/, 404.html, the
 * offline page, the icons and the manifest, plus the start-up JS, CSS and RSC payloads those
 * pages load.
 * Everything else is cached at run time as it is visited, so the precache does not grow
 * with the catalogue; the build fails when it passes PRECACHE_LIMIT.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startupFlightUrl, startupScriptUrls, startupStylesheetUrls } from './startup-scripts.mjs';

export const PRECACHE_LIMIT = 2 * 1024 * 1024;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const source = path.join(root, 'sw/sw.ts');

/** Files of the app shell other than start-up assets, as glob patterns relative to the export. */
const SHELL_PATTERNS = [
  'index.html',
  'cart/index.html',
  'search/index.html',
  'offline/index.html',
  '404.html',
  'category/*/index.html',
  'icons/*.png',
  'manifest.webmanifest',
  'favicon.ico',
  'icon.svg',
  'apple-icon.png',
];

/**
 * The files a page loads at start ('_next/static/chunks/x.js', relative to the export): its
 * start-up scripts (not `nomodule` polyfills, which modern browsers skip), its stylesheets,
 * linked or listed on the loader, and the RSC payload the loader fetches
 * (scripts/postbuild/startup-scripts.mjs).
 */
export function startupAssets(html, basePath = '') {
  const urls = [...startupScriptUrls(html), ...startupStylesheetUrls(html), startupFlightUrl(html)];
  const prefix = `${basePath}/_next/static/`;
  const assets = urls
    .map((url) => url.replace(/[?#].*$/, ''))
    .filter((url) => url.startsWith(prefix) && /\.(?:js|css|txt)$/.test(url))
    .map((url) => url.slice(basePath.length + 1));
  return new Set(assets.sort());
}

/** The URL a precached file answers at: pages at their directory ('cart/' for cart/index.html). */
export function shellUrl(file, basePath = '') {
  const url = file.replace(/(^|\/)index\.html$/, '$1');
  return `${basePath}/${url.split('/').map(encodeURIComponent).join('/')}`;
}

const escapeGlob = (file) => file.replace(/[*?[\]{}()!+@\\]/g, '\\$&');

export async function run({ outDir, basePath }) {
  if (!existsSync(path.join(outDir, 'index.html'))) throw new Error(`service worker: no export in ${outDir}`);

  const categoryDir = path.join(outDir, 'category');
  const pageFiles = [
    ...SHELL_PATTERNS.filter((file) => file.endsWith('.html') && !file.includes('*')),
    ...(existsSync(categoryDir) ? readdirSync(categoryDir) : []).map((name) => `category/${name}/index.html`),
  ].filter((file) => existsSync(path.join(outDir, file)));
  const startup = new Set();
  for (const file of pageFiles) {
    for (const asset of startupAssets(readFileSync(path.join(outDir, file), 'utf8'), basePath)) startup.add(asset);
  }
  for (const file of ['offline/index.html', '404.html', 'cart/index.html']) {
    if (!existsSync(path.join(outDir, file))) throw new Error(`service worker: the app shell needs ${file}`);
  }

  // Loaded here, so that the pure helpers above import without the build tools.
  const [{ injectManifest }, { build }] = await Promise.all([import('@serwist/build'), import('esbuild')]);
  const temp = mkdtempSync(path.join(tmpdir(), 'sw-'));
  try {
    const bundled = path.join(temp, 'sw.js');
    await build({
      entryPoints: [source],
      outfile: bundled,
      bundle: true,
      format: 'iife',
      target: 'es2020',
      minify: true,
      legalComments: 'none',
      define: { 'process.env.NODE_ENV': '"production"' },
      logLevel: 'warning',
    });

    let largest = [];
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
