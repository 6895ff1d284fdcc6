#!/usr/bin/env node
/**
 * Page-size budget: pages stay the same size whatever the catalogue size.
 *
 *   node scripts/check/page-size.mjs [small=out] [large=out-synth]      (npm run check:pages)
 *
 * Each page of the large export (`npm run build:synthetic`) is at most 10% larger than the same
 * page of the shipped 22 courses', its HTML plus every RSC file the router may fetch for it, raw
 * and gzipped. Listings are compared at the same number of cards: a page of 24 cards is rightly
 * bigger than one of 5, but the page around its cards and each card must not grow. How a card's
 * cost is taken off, and why it never favours the large export: scripts/check/README.md.
 * Exits 1 when any page is over budget, naming the page and the figures.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { requireBuild } from '../build.mjs';

const { pageEntry, readManifest } = requireBuild();

const BUDGET = 0.1;
/** The listings' sizes: category pages list 24 courses each, home tabs at most 8 per category. */
const CATEGORY_PAGE_SIZE = 24;
const HOME_CARDS_PER_CATEGORY = 8;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

/** @type {Map<string, import('../../build/manifest').ExportManifest>} */
const manifests = new Map();
function manifestOf(outDir) {
  if (!manifests.has(outDir)) manifests.set(outDir, readManifest(outDir));
  return manifests.get(outDir);
}

/**
 * Raw and gzipped bytes of a page (an HTML file of the export, 'cart/index.html'): its HTML and
 * the RSC files of its route, its payload among them, as the export manifest lists them.
 */
export function measure(outDir, page) {
  const entry = pageEntry(manifestOf(outDir), page);
  const html = readFileSync(path.join(outDir, page), 'utf8');
  const files = [page, ...entry.rsc].map((file) => path.join(outDir, file));
  const sizes = files.map((file) => {
    const bytes = readFileSync(file);
    return { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
  });
  const sum = (list, key) => list.reduce((total, size) => total + size[key], 0);
  const raw = sum(sizes, 'raw');
  const gzip = sum(sizes, 'gzip');
  const [htmlSize, ...rscSizes] = sizes;
  const split = {
    html: htmlSize,
    rsc: { raw: sum(rscSizes, 'raw'), gzip: sum(rscSizes, 'gzip') },
  };
  const ownId = /<link rel="canonical" href="[^"]*\/courses\/([^"/]+)\/"/.exec(html)?.[1];
  const linked = new Set(
    [...html.matchAll(/<a\s[^>]*?href="[^"]*\/courses\/([^"/?#]+)\/?"/g)].map((match) => match[1]),
  );
  if (ownId) linked.delete(ownId);
  return { raw, gzip, ...split, cards: linked.size, files: files.length };
}

export function routePage(outDir, route) {
  return measure(outDir, path.posix.join(route.split(path.sep).join('/'), 'index.html'));
}

export function notFoundPage(outDir) {
  return measure(outDir, '404.html');
}

export function categories(outDir) {
  return readdirSync(path.join(outDir, 'category')).filter((name) =>
    existsSync(path.join(outDir, 'category', name, 'index.html')),
  );
}

/** Page numbers of a category: 1, and every /category/{c}/page/{n}/ folder. */
export function categoryPages(outDir, category) {
  const pagesDir = path.join(outDir, 'category', category, 'page');
  const numbers = existsSync(pagesDir)
    ? readdirSync(pagesDir)
        .filter((name) => /^\d+$/.test(name) && existsSync(path.join(pagesDir, name, 'index.html')))
        .map(Number)
    : [];
  return [1, ...numbers.filter((number) => number > 1)].sort((a, b) => a - b);
}

export function categoryRoute(category, page) {
  return page === 1 ? path.join('category', category) : path.join('category', category, 'page', String(page));
}

/** The course page whose raw size is the median of the export's course pages. */
export function medianCourse(outDir) {
  const coursesDir = path.join(outDir, 'courses');
  const measured = readdirSync(coursesDir)
    .filter((id) => statSync(path.join(coursesDir, id)).isDirectory())
    .map((id) => ({ id, ...routePage(outDir, path.join('courses', id)) }))
    .sort((a, b) => a.raw - b.raw);
  return measured[Math.floor((measured.length - 1) / 2)];
}

/** Least-squares line of size against card count: [cost per card, page around the cards]. */
function fit(points, key) {
  const n = points.length;
  const meanX = points.reduce((sum, point) => sum + point.cards, 0) / n;
  const meanY = points.reduce((sum, point) => sum + point[key], 0) / n;
  const sxx = points.reduce((sum, point) => sum + (point.cards - meanX) ** 2, 0);
  const sxy = points.reduce((sum, point) => sum + (point.cards - meanX) * (point[key] - meanY), 0);
  if (sxx === 0) throw new Error('the small export needs category pages with different card counts');
  const slope = sxy / sxx;
  return { perCard: slope, around: meanY - slope * meanX };
}

function main() {
  const [smallArg = 'out', largeArg = 'out-synth'] = process.argv.slice(2);
  const smallDir = path.resolve(root, smallArg);
  const largeDir = path.resolve(root, largeArg);

  for (const dir of [smallDir, largeDir]) {
    if (!existsSync(path.join(dir, 'index.html'))) {
      console.error(`check-page-size: no export in ${dir} (run npm run build and npm run build:synthetic first)`);
      process.exit(1);
    }
  }

  const smallCategories = categories(smallDir).map((category) => ({
    category,
    ...routePage(smallDir, categoryRoute(category, 1)),
  }));
  const cardCost = { raw: fit(smallCategories, 'raw'), gzip: fit(smallCategories, 'gzip') };

  const largeCategories = categories(largeDir).map((name) => ({ name, pages: categoryPages(largeDir, name) }));
  const largeListings = largeCategories.flatMap(({ name, pages }) =>
    pages.map((page) => ({ name, page, ...routePage(largeDir, categoryRoute(name, page)) })),
  );
  if (new Set(largeListings.map((entry) => entry.cards)).size > 1) {
    for (const key of ['raw', 'gzip']) {
      const large = fit(largeListings, key);
      if (large.perCard < cardCost[key].perCard) cardCost[key] = large;
    }
  }

  // The category with the most pages (then the most cards on page 1) shows pagination best.
  const category = largeCategories
    .map((entry) => ({ ...entry, cards: largeListings.find((listing) => listing.name === entry.name).cards }))
    .sort((a, b) => b.pages.length - a.pages.length || b.cards - a.cards)[0];
  if (!smallCategories.some((entry) => entry.category === category.name)) {
    throw new Error(`category "${category.name}" is not in the small export`);
  }
  const lastPage = category.pages.at(-1);
  const smallCourse = medianCourse(smallDir);
  const largeCourse = medianCourse(largeDir);

  const homeCards = HOME_CARDS_PER_CATEGORY * largeCategories.length;
  const comparisons = [
    ['home', routePage(smallDir, ''), routePage(largeDir, ''), homeCards],
    [
      `category ${category.name} p1`,
      routePage(smallDir, categoryRoute(category.name, 1)),
      routePage(largeDir, categoryRoute(category.name, 1)),
      CATEGORY_PAGE_SIZE,
    ],
    [
      `category ${category.name} p${lastPage} (last)`,
      routePage(smallDir, categoryRoute(category.name, 1)),
      routePage(largeDir, categoryRoute(category.name, lastPage)),
      CATEGORY_PAGE_SIZE,
    ],
    [`course ${smallCourse.id} / ${largeCourse.id}`, smallCourse, largeCourse],
    ['cart', routePage(smallDir, 'cart'), routePage(largeDir, 'cart')],
    ['search', routePage(smallDir, 'search'), routePage(largeDir, 'search')],
    ['404', notFoundPage(smallDir), notFoundPage(largeDir)],
  ];

  console.log(
    `check-page-size: ${path.relative(root, largeDir)}/ against ${path.relative(root, smallDir)}/, budget +${BUDGET * 100}%`,
  );
  console.log(
    `  one card costs ${kb(cardCost.raw.perCard)} raw, ${kb(cardCost.gzip.perCard)} gzipped ` +
      `(fit over ${smallCategories.length} category pages of ${path.relative(root, smallDir)}/: ` +
      `${smallCategories.map((entry) => entry.cards).join(', ')} cards); a category has ${category.pages.length} page(s) in ${path.relative(root, largeDir)}/`,
  );
  console.log(
    `  ${'page'.padEnd(34)} ${'cards'.padStart(9)}  ${'raw small'.padStart(10)} ${'raw large*'.padStart(10)} ${'ratio'.padStart(6)}  ${'gz small'.padStart(10)} ${'gz large*'.padStart(10)} ${'ratio'.padStart(6)}`,
  );

  const failures = [];
  for (const [name, small, large, maxCards = Infinity] of comparisons) {
    if (large.cards > maxCards) {
      failures.push(
        `${name}: ${large.cards} cards on one page, at most ${maxCards} (the size comparison below is unreliable so far from the small page's count)`,
      );
    }
    const extraCards = large.cards - small.cards;
    const row = [`  ${name.padEnd(34)} ${`${small.cards}→${large.cards}`.padStart(9)} `];
    for (const key of ['raw', 'gzip']) {
      const adjusted = large[key] - extraCards * cardCost[key].perCard;
      const ratio = adjusted / small[key];
      row.push(
        ` ${kb(small[key]).padStart(10)} ${kb(adjusted).padStart(10)} ${ratio.toFixed(2).padStart(6)}${ratio > 1 + BUDGET ? '!' : ' '}`,
      );
      if (ratio > 1 + BUDGET) {
        failures.push(
          `${name}: ${key} ${kb(adjusted)} at ${small.cards} cards (${kb(large[key])} as built, ${large.cards} cards) ` +
            `against ${kb(small[key])}: ${((ratio - 1) * 100).toFixed(0)}% larger, budget ${BUDGET * 100}%`,
        );
      }
    }
    console.log(row.join(''));
  }
  console.log(`  * the large page brought to the small page's card count at the measured cost per card`);

  if (failures.length > 0) {
    console.error(`check-page-size: ${failures.length} over budget:\n  ${failures.join('\n  ')}`);
    process.exit(1);
  }
  console.log('check-page-size: every page within budget');
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) main();
