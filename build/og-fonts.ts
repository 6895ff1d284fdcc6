import { readdirSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { root } from './root';

/*
 * Fonts and emoji for link-preview images beyond Inter's Latin. Satori asks for them itself,
 * through `loadAdditionalAsset`, only for text its fonts have no glyph for, naming the script
 * it detected ('ar-AR', 'ja-JP', 'emoji'...): a Latin-only course reads none of these files.
 * Noto from @fontsource (WOFF: satori reads TTF, OTF and WOFF, not WOFF2); emoji from Twemoji's
 * SVGs (@twemoji/svg, graphics CC-BY 4.0), drawn as images.
 */

/** The weights the preview uses: body text and headings. */
export const OG_WEIGHTS = [400, 800] as const;

export type OgFont = { name: string; data: Buffer; weight: 400 | 800; style: 'normal' };

const NODE_MODULES = path.join(root, 'node_modules');

/** The @fontsource package for each script satori names; CJK in SC also has Japanese kana. */

const FAMILY_BY_SCRIPT: Record<string, string> = {
  'ar-AR': 'noto-sans-arabic',
  'he-IL': 'noto-sans-hebrew',
  devanagari: 'noto-sans-devanagari',
  'ja-JP': 'noto-sans-sc',
  'zh-CN': 'noto-sans-sc',
  'zh-TW': 'noto-sans-sc',
  'zh-HK': 'noto-sans-sc',
  'ko-KR': 'noto-sans-kr',
};

export type Range = [from: number, to: number];

const subsetsByFamily: Map<string, Map<string, Range[]>> = new Map();

/**
 * A family's subsets ('arabic', 'latin', or '[118]' for one of CJK's hundred slices) with the
 * code points each covers, from the package's unicode.json.
 */

function subsets(family: string): Map<string, Range[]> {
  let found = subsetsByFamily.get(family);
  if (!found) {
    const file = path.join(NODE_MODULES, '@fontsource', family, 'unicode.json');
    const ranges: Record<string, string> = JSON.parse(readFileSync(file, 'utf8'));
    found = new Map(
      Object.entries(ranges).map(([subset, list]) => [
        subset,
        list.split(',').map((range) => {
          const [from = '', to = from] = range.trim().replace(/^U\+/i, '').split('-');
          return [parseInt(from, 16), parseInt(to, 16)] as Range;
        }),
      ]),
    );
    subsetsByFamily.set(family, found);
  }
  return found;
}

/**
 * The font files of `family` that hold the glyphs of `text`, one per subset and weight.
 */
export function fontFilesFor(family: string, text: string): string[] {
  const codePoints = [...new Set([...text].map((char) => char.codePointAt(0)!))];
  const needed = [...subsets(family)]
    .filter(([, ranges]) => codePoints.some((code) => ranges.some(([from, to]) => code >= from && code <= to)))
    .map(([subset]) => subset.replace(/^\[(\d+)\]$/, '$1'));
  return needed.flatMap((subset) =>
    OG_WEIGHTS.map((weight) =>
      path.join(NODE_MODULES, '@fontsource', family, 'files', `${family}-${subset}-${weight}-normal.woff`),
    ),
  );
}

const files: Map<string, Promise<Buffer>> = new Map();

/** A file's bytes, read once. */
function read(file: string) {
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
 */
export async function scriptFonts(script: string, text: string): Promise<OgFont[]> {
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
      weight: Number(/-(\d+)-normal\.woff$/.exec(file)?.[1]) as OgFont['weight'],
      style: 'normal' as const,
      data: await read(file),
    })),
  );
}

/**
 * Twemoji's file for one emoji: its code points in hex joined by '-', e.g. 1f469-200d-1f4bb.svg.
 * Twemoji drops the U+FE0F variation selector from names, except in some ZWJ sequences.
 */

export function emojiFile(emoji: string): string | undefined {
  const name = (text: string) => [...text].map((char) => (char.codePointAt(0) ?? 0).toString(16)).join('-');
  const candidates = [name(emoji), name(emoji.replace(/\uFE0F/g, ''))];
  const listing = twemojiNames();
  const found = candidates.find((candidate) => listing.has(candidate));
  return found && path.join(NODE_MODULES, '@twemoji/svg', `${found}.svg`);
}

let twemoji: Set<string> | undefined;

/** The names of Twemoji's pictures, read once. */
function twemojiNames(): Set<string> {
  twemoji ??= new Set(
    readdirSync(path.join(NODE_MODULES, '@twemoji/svg'))
      .filter((file) => file.endsWith('.svg'))
      .map((file) => file.slice(0, -'.svg'.length)),
  );
  return twemoji;
}

/** An emoji as an SVG data URI for satori to draw, or '' for one Twemoji has no picture of. */
export async function emojiImage(emoji: string) {
  const file = emojiFile(emoji);
  if (!file) return '';
  return `data:image/svg+xml;base64,${(await read(file)).toString('base64')}`;
}

/**
 * What satori calls for text its fonts lack: a picture for an emoji, fonts for other scripts.
 */
export function loadAdditionalAsset(script: string, segment: string): Promise<string | OgFont[]> {
  return script === 'emoji' ? emojiImage(segment) : scriptFonts(script, segment);
}

/** Whether text starts, at its first letter, in a right-to-left script (Arabic, Hebrew...). */
export function isRightToLeft(text: string) {
  const first = /\p{L}/u.exec(text)?.[0];
  return (
    first !== undefined &&
    /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}]/u.test(first)
  );
}
