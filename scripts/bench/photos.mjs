#!/usr/bin/env node
// @ts-check
/**
 * What photo covers cost the build: the same synthetic catalogue of N courses (default 1,000)
 * built with an SVG cover on every course, then with a photo of its own on every course (the
 * generator's JPEGs, sized as a shop's come), each cold (no caches, as on a fresh clone) and warm.
 *
 *   npm run bench:photos -- [N]
 *
 * Fails past BUDGET: the photo build's time against the SVG build's (both in one session, so the
 * ratios hold on a busy machine), and each photo's variants on disk. The photos are made once into
 * .cache/bench/photos/, copied into public/images/synthetic/bench/ (git-ignored) for the photo
 * builds only and removed at the end, so that no other build copies them into its export.
 */
import { cpSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { availableParallelism } from 'node:os';
import { IMAGE_WIDTHS, variantPath } from '../../config/image-variants.mjs';
import { clearBuildCaches, printTiming, timedBuild } from './build.mjs';
import { synthesize, writePhoto } from '../tools/synth-catalogue.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const total = Number(process.argv.slice(2).find((arg) => !arg.startsWith('--')) ?? 1000);
if (!Number.isInteger(total) || total < 6) {
  console.error('usage: npm run bench:photos -- [N]   (N ≥ 6 courses, default 1000)');
  process.exit(2);
}

/** The budgets: the photo build's time against the SVG build's, and one photo's variants on disk. */
const BUDGET = { warm: 1.5, cold: 3, variantBytes: 150 * 1024 };

const base = synthesize(total, root);
const svgCovers = readdirSync(path.join(root, 'public/images/courses'))
  .filter((file) => file.endsWith('.svg'))
  .sort();
const catalogues = {
  svg: base.map((course, index) => ({ ...course, image: `/images/courses/${svgCovers[index % svgCovers.length]}` })),
  photos: base.map((course, index) => ({ ...course, image: `/images/synthetic/bench/photo-${index + 1}.jpg` })),
};

const PHOTO_DIR = 'images/synthetic/bench';
const photoCache = path.join(root, '.cache/bench/photos');
const inPublic = path.join(root, 'public', PHOTO_DIR);
const cached = (/** @type {string} */ image) => path.join(photoCache, path.relative(`/${PHOTO_DIR}`, image));

console.log(`bench-photos: writing ${total} photos into ${path.relative(root, photoCache)}/ (once; reused after) …`);
const queue = catalogues.photos.map((course, index) => ({ file: cached(course.image), seed: 1000 + index }));
await Promise.all(
  Array.from({ length: availableParallelism() }, async () => {
    for (let next = queue.shift(); next; next = queue.shift()) await writePhoto(next.file, next.seed);
  }),
);
const originals = catalogues.photos.map((course) => statSync(cached(course.image)).size);

mkdirSync(path.join(root, '.synthetic'), { recursive: true });
/** @type {Record<string, { cold: import('./build.mjs').Timing, warm: import('./build.mjs').Timing }>} */
const timings = {};
/** @type {Record<string, string>} */
const outDirs = {};
try {
  for (const [kind, courses] of Object.entries(catalogues)) {
    const file = `.synthetic/courses-${total}-${kind}.json`;
    writeFileSync(path.join(root, file), `${JSON.stringify(courses)}\n`);
    rmSync(inPublic, { recursive: true, force: true });
    if (kind === 'photos') cpSync(photoCache, inPublic, { recursive: true });
    clearBuildCaches();
    const options = { catalogue: file, outDir: `out-photos-${kind}`, log: `build-photos-${kind}.log` };
    const cold = await timedBuild({ ...options, label: `${kind}, cold` });
    const warm = await timedBuild({ ...options, label: `${kind}, warm` });
    timings[kind] = { cold: cold.timing, warm: warm.timing };
    outDirs[kind] = warm.outDir;
  }
} finally {
  rmSync(inPublic, { recursive: true, force: true });
}

// Every photo's variants, as the export serves them.
const variantBytes = catalogues.photos.map((course) =>
  IMAGE_WIDTHS.reduce(
    (sum, width) => sum + statSync(path.join(outDirs.photos, variantPath(course.image, width))).size,
    0,
  ),
);
const largestVariants = Math.max(...variantBytes);

for (const kind of Object.keys(catalogues)) for (const timing of Object.values(timings[kind])) printTiming(timing);

const kb = (/** @type {number} */ bytes) => `${(bytes / 1024).toFixed(0)} KB`;
const failures = [];
console.log(`\nbench-photos: ${total} courses, every cover an SVG against every cover a photo of its own\n`);
console.log(`${''.padEnd(6)}  ${'SVG covers'.padStart(10)}  ${'photos'.padStart(8)}  ${'ratio'.padStart(6)}  budget`);
for (const phase of /** @type {const} */ (['cold', 'warm'])) {
  const svg = timings.svg[phase].seconds;
  const photos = timings.photos[phase].seconds;
  const ratio = photos / svg;
  const ok = ratio <= BUDGET[phase];
  if (!ok)
    failures.push(`${phase}: the photo build took ${ratio.toFixed(2)}× the SVG build (budget ${BUDGET[phase]}×)`);
  console.log(
    `${phase.padEnd(6)}  ${`${svg.toFixed(0)} s`.padStart(10)}  ${`${photos.toFixed(0)} s`.padStart(8)}  ${`${ratio.toFixed(2)}×`.padStart(6)}  ≤ ${BUDGET[phase]}× ${ok ? 'OK' : 'OVER'}`,
  );
}
const originalTotal = originals.reduce((sum, size) => sum + size, 0);
console.log(
  `\nOriginals: ${kb(originalTotal / originals.length)} a photo on average (${kb(Math.min(...originals))}–${kb(Math.max(...originals))}). ` +
    `Variants of one photo (${IMAGE_WIDTHS.length} widths): ${kb(variantBytes.reduce((sum, size) => sum + size, 0) / variantBytes.length)} on average, ` +
    `${kb(largestVariants)} at most (budget ${kb(BUDGET.variantBytes)}).`,
);
if (largestVariants > BUDGET.variantBytes)
  failures.push(`a photo's variants take ${kb(largestVariants)} on disk (budget ${kb(BUDGET.variantBytes)})`);

if (failures.length) {
  console.error(`\nbench-photos: OVER BUDGET\n${failures.map((failure) => `  - ${failure}`).join('\n')}`);
  process.exit(1);
}
console.log('\nbench-photos: OK');
