// @ts-check
import { readdirSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/*
 * Fonts and emoji for link-preview images beyond Inter's Latin. Satori asks for them itself,
 * through `loadAdditionalAsset`, only for text its fonts have no glyph for, naming the script
 * it detected ('ar-AR', 'ja-JP', 'emoji'...): a Latin-only course reads none of these files.
 * Noto from @fontsource (WOFF: satori reads TTF, OTF and WOFF, not WOFF2); emoji from Twemoji's
 * SVGs (@twemoji/svg, graphics CC-BY 4.0), drawn as images.
 */

/** The weights the preview uses: body text and headings. */
export const OG_WEIGHTS = /** @type {const} */ ([400, 800]);

/** @typedef {{ name: string, data: Buffer, weight: 400 | 800, style: 'normal' }} OgFont */

const NODE_MODULES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../node_modules');

/** The @fontsource package for each script satori names; CJK in SC also has Japanese kana. */
/** @type {Record<string, string>} */
const FAMILY_BY_SCRIPT = {
  'ar-AR': 'noto-sans-arabic',
  'he-IL': 'noto-sans-hebrew',
  devanagari: 'noto-sans-devanagari',
  'ja-JP': 'noto-sans-sc',
  'zh-CN': 'noto-sans-sc',
  'zh-TW': 'noto-sans-sc',
  'zh-HK': 'noto-sans-sc',
  'ko-KR': 'noto-sans-kr',
};

/** @typedef {[from: number, to: number]} Range */

/** @type {Map<string, Map<string, Range[]>>} */
const subsetsByFamily = new Map();

/**
 * A family's subsets ('arabic', 'latin', or '[118]' for one of CJK's hundred slices) with the
 * code points each covers, from the package's unicode.json.
 */
/** @param {string} family @returns {Map<string, Range[]>} */
function subsets(family) {
  let found = subsetsByFamily.get(family);
  if (!found) {
    const file = path.join(NODE_MODULES, '@fontsource', family, 'unicode.json');
    const ranges = /** @type {Record<string, string>} */ (JSON.parse(readFileSync(file, 'utf8')));
    found = new Map(
      Object.entries(ranges).map(([subset, list]) => [
        subset,
        list.split(',').map((range) => {
          const [from = '', to = from] = range.trim().replace(/^U\+/i, '').split('-');
          return /** @type {Range} */ ([parseInt(from, 16), parseInt(to, 16)]);
        }),
      ]),
    );
    subsetsByFamily.set(family, found);
  }
  return found;
}

/**
 * The font files of `family` that hold the glyphs of `text`, one per subset and weight.
 * @param {string} family
 * @param {string} text
 * @returns {string[]}
 */
export function fontFilesFor(family, text) {
  const codePoints = [...new Set([...text].map((char) => /** @type {number} */ (char.codePointAt(0))))];
  const needed = [...subsets(family)]
    .filter(([, ranges]) => codePoints.some((code) => ranges.some(([from, to]) => code >= from && code <= to)))
    .map(([subset]) => subset.replace(/^\[(\d+)\]$/, '$1'));
  return needed.flatMap((subset) =>
    OG_WEIGHTS.map((weight) =>
      path.join(NODE_MODULES, '@fontsource', family, 'files', `${family}-${subset}-${weight}-normal.woff`),
    ),
  );
}

/** @type {Map<string, Promise<Buffer>>} */
const files = new Map();

/** A file's bytes, read once. @param {string} file */
function read(file) {
  let data = files.get(file);
  if (!data) {
    data = readFile(file);
    files.set(file, data);
  }
  return data;
}

/**
 * The fonts for a run of text in one script (satori's language code: 'ar-AR', 'he-IL',
 * 'devanagari', 'ko-KR', 'ja-JP'...), as satori's `loadAdditionalAsset` returns them.
 * @param {string} script
 * @param {string} text
 * @returns {Promise<OgFont[]>}
 */
export async function scriptFonts(script, text) {
  // Han alone could be any of four: satori names them all, 'ja-JP|zh-CN|zh-TW|zh-HK'.
  const family = script
    .split('|')
    .map((code) => FAMILY_BY_SCRIPT[code])
    .find(Boolean);
  if (!family) return [];
  // One name per file: satori keeps one font per name and weight, and CJK comes in slices.
  return Promise.all(
    fontFilesFor(family, text).map(async (file) => ({
      name: path.basename(file).replace(/-\d+-normal\.woff$/, ''),
      weight: /** @type {OgFont['weight']} */ (Number(/-(\d+)-normal\.woff$/.exec(file)?.[1])),
      style: /** @type {const} */ ('normal'),
      data: await read(file),
    })),
  );
}

/**
 * Twemoji's file for one emoji: its code points in hex joined by '-', e.g. 1f469-200d-1f4bb.svg.
 * Twemoji drops the U+FE0F variation selector from names, except in some ZWJ sequences.
 */
/** @param {string} emoji @returns {string | undefined} */
export function emojiFile(emoji) {
  /** @param {string} text */
  const name = (text) => [...text].map((char) => (char.codePointAt(0) ?? 0).toString(16)).join('-');
  const candidates = [name(emoji), name(emoji.replace(/\uFE0F/g, ''))];
  const listing = twemojiNames();
  const found = candidates.find((candidate) => listing.has(candidate));
  return found && path.join(NODE_MODULES, '@twemoji/svg', `${found}.svg`);
}

/** @type {Set<string> | undefined} */
let twemoji;

/** The names of Twemoji's pictures, read once. @returns {Set<string>} */
function twemojiNames() {
  twemoji ??= new Set(
    readdirSync(path.join(NODE_MODULES, '@twemoji/svg'))
      .filter((file) => file.endsWith('.svg'))
      .map((file) => file.slice(0, -'.svg'.length)),
  );
  return twemoji;
}

/** An emoji as an SVG data URI for satori to draw, or '' for one Twemoji has no picture of. @param {string} emoji */
export async function emojiImage(emoji) {
  const file = emojiFile(emoji);
  if (!file) return '';
  return `data:image/svg+xml;base64,${(await read(file)).toString('base64')}`;
}

/**
 * What satori calls for text its fonts lack: a picture for an emoji, fonts for other scripts.
 * @param {string} script
 * @param {string} segment
 * @returns {Promise<string | OgFont[]>}
 */
export function loadAdditionalAsset(script, segment) {
  return script === 'emoji' ? emojiImage(segment) : scriptFonts(script, segment);
}

/** Whether text starts, at its first letter, in a right-to-left script (Arabic, Hebrew...). @param {string} text */
export function isRightToLeft(text) {
  const first = /\p{L}/u.exec(text)?.[0];
  return (
    first !== undefined &&
    /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}]/u.test(first)
  );
}
