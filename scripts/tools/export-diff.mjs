// @ts-check
/**
 * What a deploy must do to turn one export into another (scripts/tools/deploy-changes.mjs, README
 * 'Deploying'): which files to upload and delete, by their content, and which URL paths a CDN must
 * invalidate. Only hashExport reads the disk; the rest are pure functions of its two answers.
 *
 * Content, not size and time: a rebuild writes every file anew, and a price from 12.99 to 13.99
 * keeps a page's size, so neither `aws s3 sync`'s default nor its --size-only tells what changed.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { requireBuild } from '../build.mjs';

const { filesNamed, isStaticFile } = requireBuild();

/** The hash files are compared by (Netlify's deploy API uses SHA-1, Cloudflare Pages its own). */
export const HASH = 'sha256';

/** Above this share of pages changed, a deploy is called site-wide (a stylesheet, a shared chunk, the build id). */
export const SITE_WIDE_PERCENT = 50;

/** @typedef {{ hash: string, bytes: number }} FileFacts */
/** @typedef {Map<string, FileFacts>} ExportFiles by path relative to the export, '/'-separated */
/** @typedef {{ file: string, bytes: number }} FileChange */

/**
 * @typedef {object} ExportDiff
 * @property {FileChange[]} changed in both, other bytes (the new file's size)
 * @property {FileChange[]} added only in the new export
 * @property {FileChange[]} deleted only in the old export (the old file's size)
 * @property {string[]} unchanged in both, the same bytes
 */

/**
 * @typedef {object} InvalidationOptions
 * @property {string} [basePath] the export's BASE_PATH ('' or '/storefront')
 * @property {boolean} [cleanUrls] whether the host also serves `x/index.html` at `/x` and `404.html` at `/404`
 */

/**
 * @typedef {object} DeployPlan
 * @property {FileChange[]} changed
 * @property {FileChange[]} added
 * @property {FileChange[]} deleted
 * @property {number} unchanged
 * @property {string[]} invalidate URL paths, encoded as a request carries them; a wildcard ends in '*'
 * @property {{ changed: number, total: number, percent: number, siteWide: boolean }} pages the HTML
 *   pages in both exports, and how many of them changed
 */

/** Every file of an export folder with its hash and size. @param {string} dir @returns {ExportFiles} */
export function hashExport(dir) {
  return new Map(
    filesNamed(dir, '').map((file) => {
      const bytes = readFileSync(path.join(dir, file));
      return [file, { hash: createHash(HASH).update(bytes).digest('hex'), bytes: bytes.length }];
    }),
  );
}

/** The files of two exports by content: changed, added, deleted, unchanged, each sorted. @param {ExportFiles} before @param {ExportFiles} after @returns {ExportDiff} */
export function compareExports(before, after) {
  /** @type {ExportDiff} */
  const diff = { changed: [], added: [], deleted: [], unchanged: [] };
  for (const [file, facts] of [...after].sort(byName)) {
    const old = before.get(file);
    if (!old) diff.added.push({ file, bytes: facts.bytes });
    else if (old.hash !== facts.hash) diff.changed.push({ file, bytes: facts.bytes });
    else diff.unchanged.push(file);
  }
  for (const [file, facts] of [...before].sort(byName))
    if (!after.has(file)) diff.deleted.push({ file, bytes: facts.bytes });
  return diff;
}

/** @param {[string, unknown]} a @param {[string, unknown]} b */
const byName = ([a], [b]) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Every URL path that serves an export file, not yet encoded: `x/index.html` at `/x/`, `/x/index.html`
 * and (clean URLs) `/x`; `404.html` at `/404.html` and `/404`; any other file at its own path.
 * @param {string} file relative to the export @param {InvalidationOptions} [options]
 */
export function urlsOf(file, { basePath = '', cleanUrls = true } = {}) {
  const own = `${basePath}/${file}`;
  if (path.posix.basename(file) === 'index.html') {
    const folder = own.slice(0, -'index.html'.length);
    const clean = folder.slice(0, -1);
    return [folder, own, ...(cleanUrls && clean ? [clean] : [])];
  }
  if (file.endsWith('.html') && cleanUrls) return [own, own.slice(0, -'.html'.length)];
  return [own];
}

/**
 * A URL path as a request carries it and CloudFront wants it: what encodeURI encodes (a space,
 * non-ASCII), and '#' and '?', which in a file name are not a fragment or a query.
 * @param {string} url
 */
export const encodeUrlPath = (url) => encodeURI(url).replace(/[#?]/g, (c) => encodeURIComponent(c));

/**
 * The URL paths a CDN must invalidate so that it serves the new export: every URL of a changed or
 * deleted file. Not added files (nothing cached them) nor anything under _next/static/ (a new
 * content gets a new name). A folder's wildcard (`/courses/py-101/*`, one path to CloudFront)
 * stands for the paths under it only where it saves paths and covers no file the deploy keeps.
 * @param {ExportDiff} diff @param {InvalidationOptions} [options]
 * @returns {string[]} encoded, sorted
 */
export function invalidationPaths(diff, options = {}) {
  /** @param {string[]} files */
  const urls = (files) => files.flatMap((file) => urlsOf(file, options));
  const needed = [...new Set(urls([...diff.changed, ...diff.deleted].map(({ file }) => file).filter(notStatic)))];
  // A wildcard over these would send visitors' requests for unchanged files back to the origin.
  const kept = urls([...diff.unchanged, ...diff.changed.map(({ file }) => file).filter(isStaticFile)]);
  const root = `${options.basePath ?? ''}/`;
  const [under, outside] = partition(needed, (url) => url.startsWith(root));
  return [
    ...outside,
    ...cover(
      root,
      under,
      kept.filter((url) => url.startsWith(root)),
    ),
  ]
    .map(encodeUrlPath)
    .sort();
}

/** @param {string} file */
const notStatic = (file) => !isStaticFile(file);

/**
 * The fewest paths for the URLs under `prefix`: its wildcard when that replaces two or more and
 * keeps nothing from the cache that should stay, else each folder below on its own.
 * @param {string} prefix ends in '/' @param {string[]} urls needed, under prefix @param {string[]} kept under prefix
 * @returns {string[]}
 */
function cover(prefix, urls, kept) {
  if (urls.length > 1 && kept.length === 0) return [`${prefix}*`];
  const [here, below] = partition(urls, (url) => !url.slice(prefix.length).includes('/'));
  const children = groupByChild(prefix, below);
  const keptByChild = groupByChild(
    prefix,
    kept.filter((url) => url.slice(prefix.length).includes('/')),
  );
  return [
    ...here,
    ...[...children].flatMap(([child, childUrls]) => cover(child, childUrls, keptByChild.get(child) ?? [])),
  ];
}

/** URLs under `prefix` by the folder right below it ('/courses/' → '/courses/py-101/'). @param {string} prefix @param {string[]} urls */
function groupByChild(prefix, urls) {
  /** @type {Map<string, string[]>} */
  const groups = new Map();
  for (const url of urls) {
    const child = url.slice(0, url.indexOf('/', prefix.length) + 1);
    groups.set(child, [...(groups.get(child) ?? []), url]);
  }
  return groups;
}

/** @template T @param {T[]} items @param {(item: T) => boolean} test @returns {[T[], T[]]} */
function partition(items, test) {
  return [items.filter(test), items.filter((item) => !test(item))];
}

/** The courses a page or its payload links to, in its order ('/courses/py-101/' gives 'py-101'). @param {string} text */
export const courseLinks = (text) =>
  [...text.matchAll(/\/courses\/([^/"'\\\s<>]+)\//g)].map(([, id = '']) => {
    try {
      return decodeURIComponent(id);
    } catch {
      return id;
    }
  });

/**
 * Why a page changed when one course was edited: it shows that course (its own page, or a card or
 * link to it, before or after); or it lists other courses than before, in another order (a sorted
 * listing the course moved through: every card between its old place and its new one shifts); or
 * neither (the code, or something every page shares).
 * @param {string} file relative to the export @param {string} before its old text @param {string} after its new text
 * @param {string} course the edited course's id
 * @returns {'shows the course' | 'lists other courses' | 'other'}
 */
export function whyPageChanged(file, before, after, course) {
  const [old, now] = [courseLinks(before), courseLinks(after)];
  if (file.startsWith(`courses/${course}/`) || old.includes(course) || now.includes(course)) return 'shows the course';
  return old.join('\n') === now.join('\n') ? 'other' : 'lists other courses';
}

/**
 * What a deploy from `before` to `after` uploads, deletes and invalidates, and whether it changes
 * most pages (more than `siteWidePercent` of the HTML pages both exports hold).
 * @param {ExportFiles} before @param {ExportFiles} after
 * @param {InvalidationOptions & { siteWidePercent?: number }} [options]
 * @returns {DeployPlan}
 */
export function deployPlan(before, after, { siteWidePercent = SITE_WIDE_PERCENT, ...options } = {}) {
  const diff = compareExports(before, after);
  const isPage = (/** @type {string} */ file) => file.endsWith('.html');
  const total = [...after.keys()].filter((file) => isPage(file) && before.has(file)).length;
  const changed = diff.changed.filter(({ file }) => isPage(file)).length;
  const percent = total ? (100 * changed) / total : 0;
  return {
    changed: diff.changed,
    added: diff.added,
    deleted: diff.deleted,
    unchanged: diff.unchanged.length,
    invalidate: invalidationPaths(diff, options),
    pages: { changed, total, percent, siteWide: percent > siteWidePercent },
  };
}
