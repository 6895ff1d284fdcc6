#!/usr/bin/env node
// @ts-check
/**
 * The contract of the pages the export makes without Next ('Show all reviews'), whose <head>
 * build/document.tsx (HeadTags) writes from Metadata "as Next writes it": the Metadata of
 * the pages Next made (every course's and instructor's and /search/, from pageMetadata() as the
 * reviews pages' is: between them every field HeadTags knows) must give, through HeadTags, the tags
 * Next wrote, in its order. A Next upgrade that changes its head fails here, page named. Not
 * compared: Metadata that leaves openGraph to the layout (the 404 page, no page made without Next).
 *
 *   node scripts/check/head-contract.mjs [outDir=out]
 *
 * Run with the settings the export was built with (SITE_URL, CATALOGUE…), as the other checks.
 */
import { mkdtempSync, readFileSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { DomUtils, parseDocument } from 'htmlparser2';
import { bundleOptions } from '../../config/bundles.mjs';
import { readEnv } from '../../config/env.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * The tags of `html` that Metadata makes, each as one line (name, attributes, text): <title>,
 * <meta> with a name or property (not the viewport, which the document writes itself), and the
 * canonical <link>. Icons come from files (app/icon.png), not Metadata, and are left out.
 * @param {string} html
 * @returns {string[]}
 */
export function metadataTags(html) {
  const head = DomUtils.findOne((element) => element.name === 'head', parseDocument(html).children);
  if (!head) throw new Error('no <head>');
  return DomUtils.findAll((element) => {
    const { name, attribs } = element;
    if (name === 'title') return true;
    if (name === 'meta') return (!!attribs.name && attribs.name !== 'viewport') || !!attribs.property;
    return name === 'link' && attribs.rel === 'canonical';
  }, head.children).map((element) => {
    const attributes = Object.entries(element.attribs).map(([name, value]) => `${name}=${JSON.stringify(value)}`);
    const text = element.name === 'title' ? ` ${JSON.stringify(DomUtils.textContent(element))}` : '';
    return `<${[element.name, ...attributes].join(' ')}>${text}`;
  });
}

/**
 * Where `expected` (Next's) and `actual` (HeadTags') first part, as a message; undefined when equal.
 * @param {string[]} expected @param {string[]} actual
 */
export function firstDifference(expected, actual) {
  for (let i = 0; i < Math.max(expected.length, actual.length); i++) {
    if (expected[i] !== actual[i])
      return `tag ${i + 1}: Next writes ${expected[i] ?? '(nothing)'}, HeadTags writes ${actual[i] ?? '(nothing)'}`;
  }
  return undefined;
}

/** What the check renders, bundled as the documents step bundles the reviews pages. */
const ENTRY = `
export { createElement } from 'react';
export { renderToStaticMarkup } from 'react-dom/server';
export { HeadTags } from './build/document';
export { courseMetadata, instructorMetadata, rootViewport } from './lib/server/seo';
export { getCourses, getInstructors } from './lib/server/catalogue';
export { courseHref, instructorListingHref } from './lib/routes';
export { metadata as searchMetadata } from './app/search/page';
`;

/** @param {string} outDir */
async function check(outDir) {
  const { build } = await import('esbuild');
  const env = readEnv();
  const temp = mkdtempSync(path.join(tmpdir(), 'head-contract-'));
  try {
    const outfile = path.join(temp, 'head-contract.mjs');
    const options = bundleOptions('document', env, { root });
    // Nothing here renders a page: the search page's components may import Next's own hooks.
    const alias = Object.fromEntries(
      Object.entries(options.alias ?? {}).filter(([name]) => name !== 'next/navigation'),
    );
    await build({
      ...options,
      alias,
      stdin: { contents: ENTRY, resolveDir: root, sourcefile: 'head-contract.ts', loader: 'ts' },
      outfile,
      logLevel: 'warning',
    });
    const m = await import(pathToFileURL(outfile).href);
    /** @param {object} metadata */
    const headTags = (metadata) =>
      metadataTags(
        `<head>${m.renderToStaticMarkup(m.createElement(m.HeadTags, { metadata, viewport: m.rootViewport }))}</head>`,
      );
    /** @type {[string, object][]} */
    const pages = [
      ...m
        .getCourses()
        .map((/** @type {{ id: string }} */ course) => [
          `${decodeURIComponent(m.courseHref(course.id)).slice(1)}index.html`,
          m.courseMetadata(course),
        ]),
      ...m
        .getInstructors()
        .map((/** @type {{ slug: string }} */ instructor) => [
          `${decodeURIComponent(m.instructorListingHref(instructor.slug)).slice(1)}index.html`,
          m.instructorMetadata(instructor, 1),
        ]),
      ['search/index.html', m.searchMetadata],
    ];
    const problems = pages.flatMap(([page, metadata]) => {
      const file = path.join(outDir, page);
      if (!existsSync(file)) return [`${page}: not in the export`];
      const difference = firstDifference(metadataTags(readFileSync(file, 'utf8')), headTags(metadata));
      return difference ? [`${page}: ${difference}`] : [];
    });
    return { pages: pages.length, problems };
  } finally {
    rmSync(temp, { recursive: true, force: true });
  }
}

async function main() {
  const outDir = path.resolve(process.argv[2] ?? 'out');
  if (!existsSync(path.join(outDir, 'index.html'))) {
    console.error(`No export in ${path.relative(process.cwd(), outDir) || '.'}/: run \`npm run build\` first.`);
    process.exit(1);
  }
  const { pages, problems } = await check(outDir);
  if (problems.length) {
    console.error(`The head of a page made without Next (build/document.tsx) no longer matches Next's:`);
    for (const problem of problems) console.error(`  ${problem}`);
    process.exit(1);
  }
  console.log(`head contract: HeadTags writes the head Next wrote for ${pages} pages' Metadata`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) void main();
