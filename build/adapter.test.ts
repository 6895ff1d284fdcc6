/** @jest-environment node */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ExportPlan } from './export-plan';
import { compiledBuild } from '../test/helpers/compiled-build';

const ROOT = path.join(__dirname, '..');

/** The build's manifest as the page step leaves it in the context, before the pages. */
const MANIFEST = { version: 1, next: '0', basePath: '', checkout: { provider: 'none' } };
const adapter = compiledBuild();

/**
 * Runs `script` as the build runs its steps, in Node with the compiled build (its worker threads
 * load that file, not Jest's modules), in the project folder with `env` added; `STEPS` and
 * `adaptExport` are in scope. Returns what it prints.
 */
function runSteps(script: string, env: Record<string, string> = {}): string {
  const prelude = `const { STEPS, adaptExport } = await import(${JSON.stringify(adapter)});`;
  return execFileSync(process.execPath, ['--input-type=module', '-e', `${prelude}\n${script}`], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    encoding: 'utf8',
    stdio: 'pipe',
  });
}

/** Runs the build's steps named `names` over `outDir`; prints the plan the context ends with. */
const planScript = (outDir: string, names: string[]) => `
  const steps = STEPS.filter(([name]) => ${JSON.stringify(names)}.includes(name));
  const context = await adaptExport({ outDir: ${JSON.stringify(outDir)}, basePath: '' }, () => {}, steps);
  process.stdout.write(JSON.stringify(context.plan));`;

describe("the build's steps", () => {
  let work: string;
  const shipped = JSON.parse(readFileSync(path.join(ROOT, 'data/courses.json'), 'utf8'));

  beforeEach(() => {
    work = mkdtempSync(path.join(tmpdir(), 'steps-'));
  });
  afterEach(() => rmSync(work, { recursive: true, force: true }));

  it('plans the catalogue CATALOGUE names, through the same schema and access layer as the pages', () => {
    const catalogue = path.join(work, 'courses.json');
    writeFileSync(catalogue, JSON.stringify([{ ...shipped[0], id: 'only-1', course_name: 'The Only Course' }]));
    const plan: ExportPlan = JSON.parse(runSteps(planScript(work, ['plan']), { CATALOGUE: catalogue }));
    expect(plan.searchPages.map(({ sourcePath }) => sourcePath)).toEqual(['courses/only-1/index.html']);
    expect(plan.filterIndexes).toEqual([{ category: shipped[0].category, records: [expect.any(Object)] }]);
    expect(plan.previews.previews.map(({ file }) => file)).toEqual(['default.jpg', 'only-1.jpg']);
    expect(plan.images[0]).toEqual(
      expect.objectContaining({ source: shipped[0].image, page: 'courses/only-1/index.html' }),
    );
  }, 30_000);

  it('fails on a bad record, naming the file, the course and the field', () => {
    const catalogue = path.join(work, 'courses.json');
    writeFileSync(catalogue, JSON.stringify([{ ...shipped[0], rating_star: 6 }]));
    expect(() => runSteps(planScript(work, ['plan']), { CATALOGUE: catalogue })).toThrow(
      new RegExp(`courses\\.json: course "${shipped[0].id}" \\(#1\\): rating_star must be between 3\\.8 and 5, got 6`),
    );
  }, 30_000);

  it('reads and checks the catalogue once in the process, for the plan and the reviews pages alike', () => {
    // An export with one stylesheet, and its manifest as the page step leaves it in the context.
    mkdirSync(path.join(work, '_next/static/css'), { recursive: true });
    writeFileSync(path.join(work, '_next/static/css/site.css'), 'body{margin:0}');
    const manifest = { ...MANIFEST, pages: { 'index.html': { stylesheets: ['_next/static/css/site.css'] } } };
    const catalogue = path.resolve(ROOT, 'data/courses.json');
    const output = runSteps(`
      const { default: fs } = await import('node:fs');
      const path = await import('node:path');
      const { syncBuiltinESMExports } = await import('node:module');
      let reads = 0;
      const readFileSync = fs.readFileSync;
      fs.readFileSync = (file, ...rest) => {
        if (path.resolve(String(file)) === ${JSON.stringify(catalogue)}) reads++;
        return readFileSync(file, ...rest);
      };
      syncBuiltinESMExports();
      const step = (name) => STEPS.find(([named]) => named === name);
      const steps = [
        step('plan'),
        ['manifest of the pages', async (context) => { context.manifest = ${JSON.stringify(manifest)}; return ''; }],
        step('reviews pages'),
      ];
      const context = await adaptExport({ outDir: ${JSON.stringify(work)}, basePath: '' }, () => {}, steps);
      process.stdout.write(JSON.stringify({ reads, pages: Object.keys(context.manifest.pages).length }));
    `);
    const { reads, pages } = JSON.parse(output);
    expect(pages).toBeGreaterThan(1);
    expect(reads).toBe(1);
  }, 30_000);

  it("and its reviews pages' worker threads take the catalogue from it, reading no file of it again", () => {
    // Enough reviews pages to share out between threads (threads.ts, THREADS_FROM).
    const courses = path.join(work, 'courses.json');
    execFileSync(process.execPath, ['scripts/tools/synth-catalogue.mjs', '300', courses], {
      cwd: ROOT,
      stdio: 'ignore',
    });
    const files = [
      courses,
      courses.replace(/\.json$/, '.instructors.json'),
      courses.replace(/\.json$/, '.reviews.json'),
    ];
    // Every thread, the worker threads too, loads this first: it logs each read of a catalogue file with its thread.
    const reads = path.join(work, 'reads.log');
    const preload = path.join(work, 'count-reads.mjs');
    writeFileSync(
      preload,
      `import fs from 'node:fs';
      import path from 'node:path';
      import { syncBuiltinESMExports } from 'node:module';
      import { threadId } from 'node:worker_threads';
      const files = new Set(${JSON.stringify(files)});
      const readFileSync = fs.readFileSync;
      fs.readFileSync = (file, ...rest) => {
        if (files.has(path.resolve(String(file)))) fs.appendFileSync(${JSON.stringify(reads)}, threadId + ' ' + file + '\\n');
        return readFileSync(file, ...rest);
      };
      syncBuiltinESMExports();`,
    );
    mkdirSync(path.join(work, 'out/_next/static/css'), { recursive: true });
    writeFileSync(path.join(work, 'out/_next/static/css/site.css'), 'body{margin:0}');
    const manifest = { ...MANIFEST, pages: { 'index.html': { stylesheets: ['_next/static/css/site.css'] } } };
    // A file, not -e with --input-type: the worker threads would inherit the flag.
    const script = path.join(work, 'steps.mjs');
    writeFileSync(
      script,
      `const { STEPS, adaptExport } = await import(${JSON.stringify(adapter)});
      const step = (name) => STEPS.find(([named]) => named === name);
      const steps = [
        step('plan'),
        ['manifest of the pages', async (context) => { context.manifest = ${JSON.stringify(manifest)}; return ''; }],
        step('reviews pages'),
      ];
      const lines = [];
      await adaptExport({ outDir: ${JSON.stringify(path.join(work, 'out'))}, basePath: '' }, (line) => lines.push(line), steps);
      process.stdout.write(lines.find((line) => line.startsWith('export: reviews pages')));`,
    );
    const output = execFileSync(process.execPath, ['--import', pathToFileURL(preload).href, script], {
      cwd: ROOT,
      env: { ...process.env, CATALOGUE: files[0], INSTRUCTORS: files[1], REVIEWS: files[2] },
      encoding: 'utf8',
    });
    const threads = Number(/\((\d+) threads?/.exec(output)?.[1]);
    if (availableParallelism() > 1) expect(threads).toBeGreaterThan(1);
    const log = readFileSync(reads, 'utf8').trim().split('\n').sort();
    // Each file once, in the main thread (threadId 0).
    expect(log).toEqual(files.map((file) => `0 ${file}`).sort());
  }, 120_000);

  it('says which step comes first when a step needs what it makes', () => {
    expect(() => runSteps(planScript(work, ['pages']))).toThrow(
      /export: no plan yet: the step that makes it runs first/,
    );
  }, 30_000);
});
