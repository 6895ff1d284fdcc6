#!/usr/bin/env node
/**
 * Scale benchmark: how the export grows with the catalogue (scripts/bench/README.md says what it
 * prints and what each flag does).
 *
 *   npm run bench:scale -- 2000            (node scripts/bench/scale.mjs N [--fresh] [--cold] [--rebuild])
 *
 * Builds the deterministic synthetic catalogue of N courses with the full `npm run build` into
 * out-scale-N/, and prints its time, memory, size and pages beside the shipped 22 courses' (built
 * the same way into out-scale-22/, cached in .cache/bench/22.json while the work tree is clean).
 * A benchmark, not a test: timings depend on the machine and on what else it is running.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  categories,
  categoryPages,
  categoryRoute,
  medianCourse,
  notFoundPage,
  routePage,
} from '../check/page-size.mjs';
import { clearBuildCaches, printTiming, timedBuild } from './build.mjs';
import { writePhotos, writeSynthetic } from '../tools/synth-catalogue.mjs';
import { compareExports, hashExport, whyPageChanged } from '../tools/export-diff.mjs';
import { requireBuild } from '../build.mjs';

const { isRscFile } = requireBuild();

const SHIPPED = 22;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const args = process.argv.slice(2);
const fresh = args.includes('--fresh');
const cold = args.includes('--cold');
const rebuild = args.includes('--rebuild');
const total = Number(args.find((arg) => !arg.startsWith('--')));
if (!Number.isInteger(total) || total < 6) {
  console.error(
    'usage: npm run bench:scale -- N [--fresh] [--cold] [--rebuild]   (N ≥ 6 courses; 22 is the shipped catalogue)',
  );
  process.exit(2);
}

function git(...gitArgs) {
  return execFileSync('git', gitArgs, { cwd: root, encoding: 'utf8' }).trim();
}

/**
 * Runs `npm run build` into out-scale-N/, from `catalogue` (undefined: the shipped one): its time,
 * the export steps' times from its log, its peak memory and the link previews it rendered.
 */
function build(count, catalogue, label = 'build', people = undefined) {
  return timedBuild({ catalogue, people, label, outDir: `out-scale-${count}`, log: `build-${count}.log` });
}

/** Top-level share of the export a file belongs to. */
function area(relative) {
  if (relative.startsWith('courses/')) return 'course pages';
  if (relative.startsWith('category/') || !relative.includes('/')) {
    return relative.endsWith('.html') || isRscFile(relative) ? 'listing pages' : 'other';
  }
  if (relative.startsWith('og/')) return 'OG images';
  if (relative.startsWith('pagefind/') || relative === 'search-index.json') return 'search index';
  return 'other';
}

/** Every figure of one export. */
function measureExport(outDir, seconds) {
  const files = readdirSync(outDir, { withFileTypes: true, recursive: true }).filter((entry) => entry.isFile());
  const areas = {};
  let bytes = 0;
  for (const entry of files) {
    const file = path.join(entry.parentPath, entry.name);
    const size = statSync(file).size;
    const name = area(path.relative(outDir, file).split(path.sep).join('/'));
    bytes += size;
    areas[name] = (areas[name] ?? 0) + size;
  }
  const courses = readdirSync(path.join(outDir, 'courses')).length;
  const strip = ({ html, rsc, cards }) => ({ html, rsc, cards });
  // Page 1 and the last page of every category; the table picks the one with the most pages.
  const listings = Object.fromEntries(
    categories(outDir).map((name) => {
      const pages = categoryPages(outDir, name);
      const last = pages.at(-1);
      return [
        name,
        {
          pages: pages.length,
          first: strip(routePage(outDir, categoryRoute(name, 1))),
          last: { ...strip(routePage(outDir, categoryRoute(name, last))), label: `${name} p${last}` },
        },
      ];
    }),
  );
  const course = medianCourse(outDir);
  const coursePageFiles = readdirSync(path.join(outDir, 'courses', course.id)).length;
  return {
    coursePageFiles,
    courses,
    seconds,
    bytes,
    files: files.length,
    areas,
    listings,
    pages: {
      home: strip(routePage(outDir, '')),
      course: { ...strip(course), label: course.id },
      cart: strip(routePage(outDir, 'cart')),
      search: strip(routePage(outDir, 'search')),
      notFound: strip(notFoundPage(outDir)),
    },
  };
}

/** The shipped catalogue's figures: cached per commit while the tree is clean. */
async function shippedFigures() {
  const cacheFile = path.join(root, '.cache/bench', `${SHIPPED}.json`);
  const commit = git('rev-parse', 'HEAD');
  const clean = git('status', '--porcelain', '--untracked-files=no') === '';
  if (!fresh && clean && existsSync(cacheFile)) {
    const cached = JSON.parse(readFileSync(cacheFile, 'utf8'));
    if (cached.commit === commit) return cached.figures;
  }
  const { outDir, seconds } = await build(SHIPPED);
  const figures = measureExport(outDir, seconds);
  if (clean) writeFileSync(cacheFile, JSON.stringify({ commit, figures }));
  return figures;
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const mb = (bytes) => `${(bytes / 1024 ** 2).toFixed(1)} MB`;
const ratio = (value, base) => `${(value / base).toFixed(2)}×`;

mkdirSync(path.join(root, '.cache/bench'), { recursive: true });
const small = await shippedFigures();
let large = small;
/** Each build of the large catalogue: time, steps, memory, link previews rendered. */
const timings = [];
/**
 * @type {{ label: string, diff: ReturnType<typeof compareExports>, why?: Record<string, number> }[]}
 * What each rebuild changed in the export, and why its changed pages changed (whyPageChanged).
 */
const changes = [];
/** The course the rebuilds rename and reprice. */
let changedCourse = '';
if (total !== SHIPPED) {
  const file = `.synthetic/courses-${total}.json`;
  mkdirSync(path.join(root, '.synthetic'), { recursive: true });
  await writePhotos(root);
  const {
    courses: catalogue,
    files: { instructors, reviews },
  } = writeSynthetic(total, file, root);
  const people = { instructors, reviews };
  if (cold) clearBuildCaches();
  const first = await build(total, file, cold ? 'cold build' : 'build', people);
  timings.push(first.timing);
  large = measureExport(first.outDir, first.seconds);
  if (rebuild) {
    let before = hashExport(first.outDir);
    // The unchanged export, kept as hard links (a build writes new files), to read why a page changed.
    const unchanged = `${first.outDir}-unchanged`;
    rmSync(unchanged, { recursive: true, force: true });
    /** Builds `courses` (then restores the catalogue) and compares its export with the last one. */
    const rebuildWith = async (label, courses) => {
      const against = before;
      writeFileSync(path.join(root, file), `${JSON.stringify(courses)}\n`);
      try {
        const next = await build(total, file, label, people);
        timings.push(next.timing);
        const after = hashExport(next.outDir);
        const diff = compareExports(against, after);
        changes.push({ label, diff, ...(changedCourse && { why: whyPagesChanged(diff, unchanged, next.outDir) }) });
        return after;
      } finally {
        writeFileSync(path.join(root, file), `${JSON.stringify(catalogue)}\n`);
      }
    };
    // Each change against the warm build of the unchanged catalogue: one edit, one deploy.
    before = await rebuildWith('warm build (unchanged)', catalogue);
    execFileSync('cp', ['-al', first.outDir, unchanged]);
    changedCourse = catalogue[0].id;
    const renamed = structuredClone(catalogue);
    renamed[0].course_name = `${renamed[0].course_name} (revised)`;
    await rebuildWith('one course renamed', renamed);
    const repriced = structuredClone(catalogue);
    repriced[0].discounted_price = Math.round((repriced[0].discounted_price - 1) * 100) / 100;
    await rebuildWith('one price changed', repriced);
    rmSync(unchanged, { recursive: true, force: true });
  }
}

/**
 * The changed pages and payloads of a rebuild by why they changed (whyPageChanged), read from the
 * unchanged export and the new one.
 */
function whyPagesChanged(diff, beforeDir, afterDir) {
  const counts = {};
  for (const { file } of diff.changed) {
    if (!file.endsWith('.html') && !isRscFile(file)) continue;
    const read = (dir) => readFileSync(path.join(dir, file), 'utf8');
    const why = whyPageChanged(file, read(beforeDir), read(afterDir), changedCourse);
    counts[why] = (counts[why] ?? 0) + 1;
  }
  return counts;
}

const rows = [
  ['build time', `${small.seconds.toFixed(0)} s`, `${large.seconds.toFixed(0)} s`, ratio(large.seconds, small.seconds)],
  ['export size', mb(small.bytes), mb(large.bytes), ratio(large.bytes, small.bytes)],
  ['export files', String(small.files), String(large.files), ratio(large.files, small.files)],
];
// The category with the most pages (then the most cards) shows pagination best.
const [categoryName, largeListing] = Object.entries(large.listings).sort(
  ([, a], [, b]) => b.pages - a.pages || b.first.cards - a.first.cards,
)[0];
const smallListing = small.listings[categoryName];
const pairs = [
  ['home', small.pages.home, large.pages.home],
  [`category ${categoryName} p1`, smallListing.first, largeListing.first],
  [`category last (${smallListing.last.label} / ${largeListing.last.label})`, smallListing.last, largeListing.last],
  [`course (${small.pages.course.label} / ${large.pages.course.label})`, small.pages.course, large.pages.course],
  ['cart', small.pages.cart, large.pages.cart],
  ['search', small.pages.search, large.pages.search],
  ['404', small.pages.notFound, large.pages.notFound],
];
for (const [name, base, page] of pairs) {
  const label = `${name}, ${base.cards}/${page.cards} cards`;
  let first = true;
  for (const part of ['html', 'rsc']) {
    for (const key of ['raw', 'gzip']) {
      rows.push([
        first ? label : '',
        `${part.toUpperCase()} ${key === 'raw' ? 'raw' : 'gz '} ${kb(base[part][key])}`,
        kb(page[part][key]),
        ratio(page[part][key], base[part][key]),
      ]);
      first = false;
    }
  }
}

const width = [Math.max(...rows.map((row) => row[0].length)), 22, 12, 8];
const line = (cells) =>
  cells.map((cell, index) => (index === 0 ? cell.padEnd(width[0]) : cell.padStart(width[index]))).join('  ');
console.log(`\nbench-scale: ${small.courses} courses (shipped) against ${large.courses} (synthetic)\n`);
console.log(line(['', `${small.courses} courses`, `${large.courses}`, 'ratio']));
for (const row of rows) console.log(line(row));

console.log(`\nDisk per course at ${large.courses}: ${kb(large.bytes / large.courses)} (export size / courses)`);
console.log(`Files of one course page (its folder: HTML and RSC files): ${large.coursePageFiles} (target: at most 4)`);
if (large !== small) {
  const added = large.courses - small.courses;
  console.log(
    `Marginal per course, ${small.courses} → ${large.courses}: ${kb((large.bytes - small.bytes) / added)} and ` +
      `${((large.files - small.files) / added).toFixed(1)} files (targets: at most 220 KB and 7 files)`,
  );
}
console.log(`\nWhere the bytes go at ${large.courses} courses:`);
const areaNames = ['course pages', 'listing pages', 'OG images', 'search index', 'other'];
for (const name of areaNames) {
  const bytes = large.areas[name] ?? 0;
  console.log(
    `  ${name.padEnd(14)} ${mb(bytes).padStart(10)}  ${((100 * bytes) / large.bytes).toFixed(0).padStart(3)}%  ${kb(bytes / large.courses).padStart(10)} per course`,
  );
}

for (const timing of timings) printTiming(timing);

if (changes.length) {
  const sum = (files) => files.reduce((bytes, { bytes: size }) => bytes + size, 0);
  console.log(
    `\nWhat each rebuild would deploy, against the build before it (${changedCourse} renamed, then its price; ` +
      'goal at 10,000: a rename under 60 files and 3 MB, a price under 30 files):\n',
  );
  const head = ['', 'changed', 'added', 'deleted', 'upload'];
  const table = changes.map(({ label, diff }) => [
    label,
    String(diff.changed.length),
    String(diff.added.length),
    String(diff.deleted.length),
    kb(sum([...diff.changed, ...diff.added])),
  ]);
  const widths = head.map((_, index) => Math.max(...[head, ...table].map((row) => row[index].length)));
  const cells = (row) => row.map((cell, index) => (index ? cell.padStart(widths[index]) : cell.padEnd(widths[0])));
  for (const row of [head, ...table]) console.log(cells(row).join('  '));
  for (const { label, diff, why } of changes) {
    const files = [...diff.changed, ...diff.added.map((change) => ({ ...change, added: true }))];
    if (!files.length) continue;
    const slug = label.replace(/\W+/g, '-').replace(/-$/, '');
    const list = path.join(root, '.cache/bench', `changes-${total}-${slug}.txt`);
    writeFileSync(
      list,
      [
        ...files.map(({ file, bytes, added }) => `${added ? 'added  ' : 'changed'} ${bytes} ${file}`),
        ...diff.deleted.map(({ file, bytes }) => `deleted ${bytes} ${file}`),
      ].join('\n') + '\n',
    );
    // By folder, two levels deep (category/python/, pagefind/fragment/), the files at the top by
    // name, and the other courses' and the instructors' folders each as one line.
    const folders = new Map();
    for (const { file, bytes } of files) {
      const parts = file.split('/');
      const folder =
        parts.length === 1
          ? file
          : parts[0] === 'courses' && parts[1] !== changedCourse
            ? 'courses/* (other courses)'
            : parts[0] === 'instructors'
              ? 'instructors/*'
              : `${parts.slice(0, Math.min(2, parts.length - 1)).join('/')}/`;
      const [count, size] = folders.get(folder) ?? [0, 0];
      folders.set(folder, [count + 1, size + bytes]);
    }
    console.log(`\n${label}: ${files.length} files to upload, by folder (list: ${path.relative(root, list)})`);
    if (why)
      console.log(
        `  changed pages and payloads: ${Object.entries(why)
          .map(([reason, count]) => `${count} ${reason}`)
          .join(', ')}`,
      );
    for (const [folder, [count, size]] of [...folders].sort(([, a], [, b]) => b[0] - a[0]))
      console.log(`  ${folder.padEnd(34)} ${String(count).padStart(6)}  ${kb(size).padStart(10)}`);
  }
}
