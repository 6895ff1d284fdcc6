// @ts-check
/**
 * What a deploy must upload, delete and invalidate to turn the export deployed last into a new one,
 * by each file's content (export-diff.mjs). README 'Deploying' has the pipelines.
 *   npm run deploy:changes -- OLD NEW                    a table: counts, bytes, the files, the paths
 *   npm run deploy:changes -- OLD NEW --json             the same for a program
 *   npm run -s deploy:changes -- OLD NEW --list=upload   one file a line, relative to NEW: changed and added
 *                                          --list=delete  relative to OLD: gone
 *                                          --list=invalidate  URL paths for a CDN, wildcards ending in '*'
 * The base path is the exports' manifests' (else --base-path=/x). --no-clean-urls leaves out `/x`
 * for `x/index.html`; --site-wide=N calls a deploy site-wide past N% of pages changed (default 50).
 * Exit 0 with an answer, 2 on bad arguments (a folder that is not there), 1 on any other failure.
 */
import { existsSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { readEnv } from '../../config/env.mjs';
import { deployPlan, HASH, hashExport, SITE_WIDE_PERCENT } from './export-diff.mjs';
import { requireBuild } from '../build.mjs';

const { hasManifest, readManifest } = requireBuild();

/** @typedef {import('./export-diff.mjs').DeployPlan} DeployPlan */
/** @typedef {import('./export-diff.mjs').FileChange} FileChange */

const USAGE =
  'usage: npm run deploy:changes -- OLD NEW [--json | --list=upload|delete|invalidate]' +
  ' [--base-path=/path] [--no-clean-urls] [--site-wide=PERCENT]';

const LISTS = ['upload', 'delete', 'invalidate'];

/** How many files of each kind the table names before it says how many more. */
const SHOWN = 15;

/** A mistake in the command line: exit 2. */
class UsageError extends Error {}

/** @param {string} dir */
function exportFolder(dir) {
  if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new UsageError(`No export folder at ${dir}`);
  return dir;
}

/**
 * The base path: the option, else the one the exports' manifests record (they must agree), else ''.
 * @param {string | undefined} option @param {string[]} dirs
 */
function basePathOf(option, dirs) {
  if (option !== undefined) {
    try {
      return readEnv({ BASE_PATH: option }).BASE_PATH;
    } catch (error) {
      throw new UsageError(`--base-path: ${error instanceof Error ? error.message : error}`);
    }
  }
  const recorded = new Set(
    dirs.filter((dir) => hasManifest(dir)).map((dir) => readManifest(dir).basePath),
  );
  if (recorded.size > 1)
    throw new UsageError(
      `The exports were built with other base paths (${[...recorded].map((b) => JSON.stringify(b)).join(', ')}): ` +
        'compare two builds of one site, or say which with --base-path=',
    );
  return [...recorded][0] ?? '';
}

/** @param {number} n */
const count = (n) => n.toLocaleString('en-US');
/** @param {FileChange[]} files */
const sum = (files) => files.reduce((total, { bytes }) => total + bytes, 0);

/** @param {string} title @param {string[]} lines @param {string} more */
function section(title, lines, more) {
  if (!lines.length) return [];
  const extra = lines.length - SHOWN;
  return [
    '',
    `${title}:`,
    ...lines.slice(0, extra > 1 ? SHOWN : lines.length).map((line) => `  ${line}`),
    ...(extra > 1 ? [`  … and ${count(extra)} more (${more})`] : []),
  ];
}

/** The operator's table. @param {DeployPlan} plan @param {{ before: string, after: string, basePath: string }} where */
function table(plan, { before, after, basePath }) {
  const width = Math.max(0, ...[...plan.changed, ...plan.added, ...plan.deleted].map(({ file }) => file.length));
  /** @param {FileChange} change */
  const row = ({ file, bytes }) => `${file.padEnd(width)}  ${count(bytes).padStart(11)} B`;
  /** @param {string} label @param {FileChange[]} files @param {string} what */
  const total = (label, files, what) =>
    `  ${label.padEnd(10)} ${count(files.length).padStart(7)}  ${count(sum(files)).padStart(13)} B  ${what}`;
  const wildcards = plan.invalidate.filter((url) => url.endsWith('*')).length;
  const { pages } = plan;
  return [
    `${before} → ${after}, by the ${HASH.toUpperCase().replace('SHA', 'SHA-')} of each file; base path ${basePath ? basePath : '(none)'}`,
    '',
    `  ${''.padEnd(10)} ${'files'.padStart(7)}  ${'bytes'.padStart(15)}`,
    total('upload', plan.changed, 'changed'),
    total('add', plan.added, 'new'),
    total('delete', plan.deleted, 'gone'),
    `  ${'unchanged'.padEnd(10)} ${count(plan.unchanged).padStart(7)}`,
    `  ${'invalidate'.padEnd(10)} ${count(plan.invalidate.length).padStart(7)}  URL paths (${wildcards} wildcard${wildcards === 1 ? '' : 's'})`,
    '',
    `Pages: ${count(pages.changed)} of ${count(pages.total)} changed (${pages.percent.toFixed(0)}%).` +
      (pages.siteWide
        ? ' SITE-WIDE: most pages changed (a stylesheet, a shared script or the build id): ' +
          'every visitor fetches pages anew, and the CDN refills its cache.'
        : ''),
    ...section('Upload (changed)', plan.changed.map(row), '--list=upload'),
    ...section('Add (new)', plan.added.map(row), '--list=upload'),
    ...section('Delete (gone)', plan.deleted.map(row), '--list=delete'),
    ...section('Invalidate', plan.invalidate, '--list=invalidate'),
  ].join('\n');
}

/** @param {string[]} argv */
function main(argv) {
  const { values, positionals } = (() => {
    try {
      return parseArgs({
        args: argv,
        allowPositionals: true,
        options: {
          json: { type: 'boolean' },
          list: { type: 'string' },
          'base-path': { type: 'string' },
          'no-clean-urls': { type: 'boolean' },
          'site-wide': { type: 'string' },
        },
      });
    } catch (error) {
      throw new UsageError(error instanceof Error ? error.message : String(error));
    }
  })();
  if (positionals.length !== 2)
    throw new UsageError('Name two export folders: the one deployed last, then the new one');
  if (values.list !== undefined && !LISTS.includes(values.list))
    throw new UsageError(`--list must be one of ${LISTS.join(', ')}, got ${JSON.stringify(values.list)}`);
  if (values.list !== undefined && values.json) throw new UsageError('--json or --list, not both');
  const siteWidePercent = values['site-wide'] === undefined ? SITE_WIDE_PERCENT : Number(values['site-wide']);
  if (!(siteWidePercent >= 0 && siteWidePercent <= 100))
    throw new UsageError(`--site-wide must be a percentage from 0 to 100, got ${JSON.stringify(values['site-wide'])}`);

  const [before, after] = /** @type {[string, string]} */ (positionals.map(exportFolder));
  const basePath = basePathOf(values['base-path'], [before, after]);
  const plan = deployPlan(hashExport(before), hashExport(after), {
    basePath,
    cleanUrls: !values['no-clean-urls'],
    siteWidePercent,
  });

  if (values.list === 'upload') return [...plan.changed, ...plan.added].map(({ file }) => file).sort();
  if (values.list === 'delete') return plan.deleted.map(({ file }) => file);
  if (values.list === 'invalidate') return plan.invalidate;
  if (values.json) return [JSON.stringify({ before, after, hash: HASH, basePath, ...plan }, null, 2)];
  return [table(plan, { before, after, basePath })];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    const lines = main(process.argv.slice(2));
    if (lines.length) process.stdout.write(`${lines.join('\n')}\n`);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    if (error instanceof UsageError) console.error(USAGE);
    process.exit(error instanceof UsageError ? 2 : 1);
  }
}
