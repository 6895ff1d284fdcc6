/**
 * What `next build` writes, in one place: its file names, RSC payload format, build id and
 * Turbopack's chunk format are no documented interface and may change with any release, so only
 * this module matches Next's strings and names; the other steps work on what it returns. As Next 16
 * writes them: hashed files under _next/static/; per route index.html and index.txt (its payload),
 * and __next.*.txt prefetch files this site never requests; a page's payload inline as
 * `self.__next_f.push([1,"…"])` rows, row 0 holding `"b":"<id>"`; chunks queued on
 * `globalThis.TURBOPACK`. next-output.test.ts checks each fact against a real export (out/).
 */
import { readFileSync } from 'node:fs';
import { unlink } from 'node:fs/promises';
import path from 'node:path';
import { filesNamed } from './files';

/** Where Next writes its content-hashed files (the start-up loader joins them), relative to the export. */
export const STATIC_DIR = '_next/static';

/** A route's RSC payload, the file Next's router fetches to navigate to it. */
export const PAYLOAD_FILE = 'index.txt';

/** Whether an export-relative file is an RSC file (a payload or a segment prefetch file). */
export const isRscFile = (file: string) => file.endsWith('.txt') && path.posix.basename(file) !== 'robots.txt';

/** Whether an export-relative file is under _next/static/. */
export const isStaticFile = (file: string) => file.startsWith(`${STATIC_DIR}/`);

/** The start-up loader's file under _next/static/, named by its content's hash (cached for good, as Next's chunks). */
export const loaderFile = (hash: string) => `${STATIC_DIR}/loader/${hash}.js`;

/** How many files dropSegmentPrefetchFiles removes at once. */
const REMOVALS_IN_FLIGHT = 64;

/**
 * Removes the RSC files beside each route's payload that the router fetches only for its own
 * segment prefetch (__next._full.txt, a copy of index.txt; __next._tree.txt, __next._index.txt,
 * __next._head.txt, __next.<segment>.txt, __next.<segment>.__PAGE__.txt). Returns how many went.
 * Many at once: one at a time, each waits on the file system in turn (docs/performance.md,
 * 'Figures behind the code').
 */
export async function dropSegmentPrefetchFiles(outDir: string) {
  const files = filesNamed(outDir, '.txt').filter((file) => path.posix.basename(file).startsWith('__next.'));
  let next = 0;
  const remove = async () => {
    while (next < files.length) await unlink(path.join(outDir, files[next++]!));
  };
  await Promise.all(Array.from({ length: REMOVALS_IN_FLIGHT }, remove));
  return files.length;
}

/** The route folders whose RSC files belong to a page: its own, or the not-found route's for the 404 page. */
export function routeFolders(page: string) {
  if (page === '404.html') return ['_not-found/'];
  const dir = path.posix.dirname(page);
  const own = dir === '.' ? '' : `${dir}/`;
  return page === '404/index.html' ? [own, '_not-found/'] : [own];
}

/** The payload file a route folder may hold. */
export const payloadFileOf = (folder: string) => `${folder}${PAYLOAD_FILE}`;

/** The global queue into which Next's bootstrap and the payload's rows push, for its runtime to read. */
export const PAYLOAD_QUEUE = '__next_f';

/** The page Next writes for a route of the site ('/courses/py-101/reviews/' → 'courses/py-101/reviews/index.html'). */
export const routePage = (route: string) => `${route.replace(/^\//, '')}index.html`;

/** The script with which Next's HTML starts its RSC payload stream. */
export const NEXT_BOOTSTRAP = `(self.${PAYLOAD_QUEUE}=self.${PAYLOAD_QUEUE}||[]).push([0])`;
/** How Next writes a row of its payload inline, for messages. */
export const NEXT_PAYLOAD_ROW = `self.${PAYLOAD_QUEUE}.push([1,"…"])`;
const PAYLOAD_ROW = new RegExp(`^self\\.${PAYLOAD_QUEUE}\\.push\\(([\\s\\S]*)\\)$`);

/**
 * An inline script's part of the payload: undefined for a script that is no payload row, the
 * row's text for a `self.__next_f.push([1,"…"])`, and null for a row of a kind the adapter does
 * not know (form state, binary rows...).
 * @param script an inline script's text
 */
export function payloadRow(script: string): string | null | undefined {
  const row = PAYLOAD_ROW.exec(script);
  if (!row) return undefined;

  let value: unknown;
  try {
    value = JSON.parse(row[1]!);
  } catch {
    return null;
  }
  return Array.isArray(value) && value[0] === 1 && typeof value[1] === 'string' ? value[1] : null;
}

/** The precedence Next gives its stylesheet links (React adopts a link on hydration only with it). */
export const STYLESHEET_PRECEDENCE = 'next';

/** How row 0 of a payload names its build: `"b":"<id>"`. */
export const BUILD_ID_FIELD = '"b":';

/**
 * What browser code must know of Next's output, folded into it at build time under these names,
 * so that no file of it spells them: next.config.mjs (compiler.define: the app's code),
 * lib/server/browser-bundle.ts (the inline scripts and the loader), build/service-worker.ts
 * (sw/sw.ts) and jest.config.mjs (their tests). types/next-output.d.ts declares them.
 */
export const BROWSER_DEFINES = {
  /** The folder of Next's hashed static files (sw/sw.ts caches them for good). */
  __NEXT_STATIC_DIR__: STATIC_DIR,
  /** Next's payload queue (lib/browser/loader.ts pushes the fetched payload into it). */
  __NEXT_PAYLOAD_QUEUE__: PAYLOAD_QUEUE,
  /**
   * The query parameter with which Next's router fetches a payload (`index.txt?_rsc=<hash>`), which
   * changes nothing in the file (sw/sw.ts keys its caches without it).
   */
  __NEXT_RSC_PARAM__: '_rsc',
};

/** BROWSER_DEFINES as esbuild's `define` takes them: each value an expression (a string literal). */
export const esbuildDefines = () =>
  Object.fromEntries(Object.entries(BROWSER_DEFINES).map(([name, value]) => [name, JSON.stringify(value)]));

/**
 * The build a payload belongs to: Next writes the build id into row 0 of every RSC payload as
 * `"b":"<id>"` (its router compares it on a client-side navigation), and the build fails if Next
 * stops writing it.
 * @param text a payload
 * @param where the payload's file, for the error
 */
export function payloadBuildId(text: string, where: string) {
  const id = new RegExp(`^0:\\{.*${BUILD_ID_FIELD}"([\\w-]+)"`, 'm').exec(text)?.[1];
  if (!id) throw new Error(`${where}: no build id ("b":"…") in the payload's row 0; has Next's RSC format changed?`);
  return id;
}

/**
 * The build id of an export, from its home page's payload (next.config.mjs has Next write the
 * hash of the build's inputs, config/build-id.mjs).
 */
export function exportBuildId(outDir: string) {
  return payloadBuildId(readFileSync(path.join(outDir, PAYLOAD_FILE), 'utf8'), PAYLOAD_FILE);
}

/** Stands for the build id in what is kept between builds (invisible separators: valid as is in HTML and JSON). */
const BUILD_ID_MARK = '\u2063build-id\u2063';

/**
 * The text (or file name) as a build of other inputs writes it where they make the same page: the
 * build id, which any change of input changes, replaced by a placeholder. `withBuildId` puts an id back.
 */
export const withoutBuildId = (text: string, buildId: string) => text.replaceAll(buildId, BUILD_ID_MARK);

export const withBuildId = (text: string, buildId: string) => text.replaceAll(BUILD_ID_MARK, buildId);
/** Whether a text holds the placeholder itself (it could not be told from a neutralised id). */
export const hasBuildIdMark = (text: string) => text.includes(BUILD_ID_MARK);

/** How every Turbopack chunk but the runtime begins: it only queues its modules for the runtime. */
const CHUNK_PREFIX = '(globalThis.TURBOPACK||(globalThis.TURBOPACK=[])).push(';

/** How many first bytes of a script `runtimeLast` needs. */
export const CHUNK_HEAD_LENGTH = CHUNK_PREFIX.length;

/**
 * The start-up scripts with the framework's runtime last, where the loader expects it: the one
 * script that is not a chunk queueing its modules. Anything else (no runtime, two, a bundler that
 * writes chunks another way) fails the build, naming the page.
 * @param head the first bytes of a script */
export function runtimeLast(urls: string[], head: (url: string) => string, page: string) {
  const runtimes = urls.filter((url) => !head(url).startsWith(CHUNK_PREFIX));
  if (runtimes.length !== 1)
    throw new Error(
      `${page}: expected one framework runtime among its start-up scripts (the one that does not begin ` +
        `${CHUNK_PREFIX}), found ${runtimes.length}: ${runtimes.join(', ') || 'none'}`,
    );
  return [...urls.filter((url) => url !== runtimes[0]), runtimes[0]!];
}

/** A chunk a script names for a dynamic import, as Turbopack writes it: 'static/chunks/<hash>.js'. */
const LAZY_CHUNK = /["'](static\/chunks\/[\w.-]+\.js)["']/g;

/** The chunks a script may load on demand, relative to the export. */
export const lazyChunks = (js: string) => [...js.matchAll(LAZY_CHUNK)].map(([, chunk]) => `_next/${chunk}`);

/** A script chunk named in an RSC payload (the client components' chunks). */
const CHUNK_URL = /"([^"]*\/_next\/static\/chunks\/[^"]+\.js)"/g;

/** The URLs of the client components' chunks a payload names, as written. */
export const payloadChunkUrls = (payload: string) => [...payload.matchAll(CHUNK_URL)].map(([, url]) => url ?? '');

/** How scriptWords marks a word that can only be a class name. */
export const CLASS = '.';

/**
 * The words of a script's string literals: the class names it may render among them. The minifier
 * keeps a class name a whole string literal, or a word of one, when the source spells it whole;
 * a name the source composes keeps its start (composedClassPrefix). A literal of one word may also
 * be an element's name (React names an element by a whole literal: `jsx("code", …)`); a word of a
 * longer literal is a class among others, or prose ('Invalid status code'), never an element, and
 * comes as a class: '.code' (inline-css.ts keeps no element's rules for it).
 */
export function scriptWords(js: string) {
  const words: Set<string> = new Set();
  for (const [, double, single, template] of js.matchAll(/"((?:[^"\\\n]|\\.)*)"|'((?:[^'\\\n]|\\.)*)'|`([^`]*)`/g)) {
    const literal = (double ?? single ?? template ?? '').split(/\s+/).filter(Boolean);
    for (const word of literal) words.add(literal.length === 1 ? word : `${CLASS}${word}`);
  }
  return words;
}

/**
 * The start of the class names a script's word composes, if it composes any: the minifier keeps
 * `btn-${size}` a template literal and "btn-"+size a literal "btn-", so a class name built from
 * a prefix ending in '-' shows as that prefix. Undefined for any other word.
 * @param word a word of scriptWords
 */
export function composedClassPrefix(word: string) {
  if (word.startsWith(CLASS)) word = word.slice(CLASS.length);
  const hole = word.indexOf('${');
  const start = hole >= 0 ? word.slice(0, hole) : word.endsWith('-') ? word : '';
  return /^[a-z][\w-]*-$/i.test(start) ? start : undefined;
}
