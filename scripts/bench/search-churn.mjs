#!/usr/bin/env node
// @ts-check
/**
 * What one small change rewrites of the search index, without a full build:
 *
 *   node scripts/bench/search-churn.mjs N      (N courses of the synthetic catalogue; default 10000)
 *
 * Runs only the export's plan and search-index steps (build/adapter.ts), as the build runs
 * them, over the synthetic catalogue (.synthetic/courses-N.json, written by synth-catalogue.mjs when
 * missing) and over the two edits `bench:scale -- N --rebuild` makes: its first course renamed
 * ('… (revised)') and, instead, its price one unit lower. Each in its own process (the catalogue is
 * read once a process) into a temporary folder, with one build cache for the three, as a rebuild
 * has. Prints the `pagefind/` files a deploy would upload or delete (export-diff.mjs), by folder.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { compareExports, hashExport } from '../tools/export-diff.mjs';
import { companionFiles, writeSynthetic } from '../tools/synth-catalogue.mjs';
import { requireBuild } from '../build.mjs';

const { adaptExport, STEPS } = requireBuild();

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const self = fileURLToPath(import.meta.url);
const [first, outDir, cacheRoot] = process.argv.slice(2);

if (first === '--index') {
  // One variant, in this process: the plan and the search index into outDir/pagefind/.
  const steps = STEPS.filter(([name]) => name === 'plan' || name === 'search index');
  await adaptExport({ outDir: String(outDir), basePath: '', cacheRoot }, () => {}, steps);
  process.exit(0);
}

const total = Number(first ?? 10000);
if (!Number.isInteger(total) || total < 6) {
  console.error('usage: node scripts/bench/search-churn.mjs N   (N ≥ 6 courses of the synthetic catalogue)');
  process.exit(2);
}
const file = path.join(root, `.synthetic/courses-${total}.json`);
if (!existsSync(file)) writeSynthetic(total, path.relative(root, file), root);
const people = companionFiles(path.relative(root, file));
/** @type {import('../../lib/types').Course[]} */
const catalogue = JSON.parse(readFileSync(file, 'utf8'));

const [changed, ...rest] = catalogue;
if (!changed) throw new Error(`${file} has no course`);
const renamed = [{ ...changed, course_name: `${changed.course_name} (revised)` }, ...rest];
const repriced = [{ ...changed, discounted_price: Math.round((changed.discounted_price - 1) * 100) / 100 }, ...rest];

const work = mkdtempSync(path.join(tmpdir(), 'search-churn-'));
try {
  const cache = path.join(work, 'cache');
  /** Indexes `courses` as the build does; returns its pagefind/ folder's files by content. @param {string} name @param {unknown} courses */
  const index = (name, courses) => {
    const catalogueFile = path.join(work, `${name}.json`);
    writeFileSync(catalogueFile, JSON.stringify(courses));
    const out = path.join(work, name);
    const started = performance.now();
    execFileSync(process.execPath, [self, '--index', out, cache], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, CATALOGUE: catalogueFile, INSTRUCTORS: people.instructors, REVIEWS: people.reviews },
    });
    console.log(`${name}: indexed in ${((performance.now() - started) / 1000).toFixed(0)} s`);
    return hashExport(path.join(out, 'pagefind'));
  };
  const before = index('original', catalogue);
  const edits = [
    { label: `${changed.id} renamed`, files: index('renamed', renamed) },
    { label: `${changed.id} price one unit lower`, files: index('repriced', repriced) },
  ];
  const kb = (/** @type {number} */ bytes) => `${(bytes / 1024).toFixed(0)} KB`;
  /** The folder a file of pagefind/ is counted under. @param {string} file */
  const folder = (file) => {
    const parts = file.split('/');
    if (parts[0] === 'filters') return `filters/${parts[1]}/`;
    return parts.length > 1 ? `${parts[0]}/` : '(top)';
  };
  console.log(
    `\n${total} courses, pagefind/ ${before.size} files. What each edit uploads (changed + added) and deletes:`,
  );
  for (const { label, files } of edits) {
    const diff = compareExports(before, files);
    const upload = [...diff.changed, ...diff.added];
    const bytes = upload.reduce((sum, change) => sum + change.bytes, 0);
    console.log(
      `\n${label}: ${upload.length} files to upload (${diff.changed.length} changed, ${diff.added.length} added), ` +
        `${kb(bytes)}, ${diff.deleted.length} deleted`,
    );
    /** @type {Map<string, { upload: number, bytes: number, deleted: number }>} */
    const byFolder = new Map();
    const entry = (/** @type {string} */ name) =>
      byFolder.get(name) ?? byFolder.set(name, { upload: 0, bytes: 0, deleted: 0 }).get(name);
    for (const change of upload) {
      const row = /** @type {{ upload: number, bytes: number }} */ (entry(folder(change.file)));
      row.upload++;
      row.bytes += change.bytes;
    }
    for (const change of diff.deleted) /** @type {{ deleted: number }} */ (entry(folder(change.file))).deleted++;
    for (const [name, row] of [...byFolder].sort(([a], [b]) => a.localeCompare(b)))
      console.log(
        `  ${name.padEnd(28)} ${String(row.upload).padStart(4)} up ${kb(row.bytes).padStart(8)}  ${row.deleted} deleted`,
      );
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
