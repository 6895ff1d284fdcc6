/** @jest-environment node */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { filesNamed } from './files.mjs';

/**
 * Runs the search-index step as the build does, in Node (Pagefind's package is ESM only, which
 * Jest's module system does not load). Returns its summary line.
 */
function run(options: { outDir: string; basePath: string; cacheDir: string }): string {
  const step = pathToFileURL(path.join(__dirname, 'search-index.mjs')).href;
  const script = `const { run } = await import(${JSON.stringify(step)}); process.stdout.write(await run(${JSON.stringify(options)}));`;
  return execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
}

/** A course page as the export has it, with what the index reads: the body, its filters and sort ranks. */
const coursePage = (id: string, name: string, rank: number, build = 'build-1', category = 'python') =>
  `<!DOCTYPE html><html><body data-build="${build}"><main><article data-pagefind-body="true" data-pagefind-filter="category:${category}" ` +
  `data-search-id="${id}"><h1>${name}</h1><p data-pagefind-meta="creator">Ann Lee</p>` +
  `<span data-pagefind-filter="lang:English"></span><span data-listing-sort="relevance:${rank}"></span>` +
  `<span data-listing-sort="rating:${1 - rank}"></span></article></main></body></html>`;

/** Every file of an index with its bytes, to compare two of them. */
const contents = (dir: string) =>
  Object.fromEntries(filesNamed(dir, '').map((file) => [file, readFileSync(path.join(dir, file)).toString('base64')]));

describe('search index cache', () => {
  let work: string;
  let outDir: string;
  let cacheDir: string;
  const index = async () => run({ outDir, basePath: '', cacheDir });

  beforeEach(() => {
    work = mkdtempSync(path.join(tmpdir(), 'search-index-'));
    outDir = path.join(work, 'out');
    cacheDir = path.join(work, 'cache');
    writeExport('build-1');
  });

  /** The export as a build names it: every page and the root payload carry the build's id. */
  function writeExport(build: string) {
    mkdirSync(outDir, { recursive: true });
    writeFileSync(path.join(outDir, 'index.txt'), `0:{"P":null,"b":"${build}"}\n`);
    for (const [id, name, rank] of [
      ['py-1', 'Alpha Python', 0],
      ['py-2', 'Beta Python', 1],
    ] as const) {
      writeCoursePage(id, name, rank, 'python', build);
    }
  }

  function writeCoursePage(id: string, name: string, rank: number, category = 'python', build = 'build-1') {
    mkdirSync(path.join(outDir, 'courses', id), { recursive: true });
    writeFileSync(path.join(outDir, 'courses', id, 'index.html'), coursePage(id, name, rank, build, category));
  }
  afterEach(() => rmSync(work, { recursive: true, force: true }));

  it('indexes new course pages, and copies the same index from the cache into a new export of them', async () => {
    expect(await index()).toMatch(/^2 course pages indexed/);
    const first = contents(path.join(outDir, 'pagefind'));
    expect(Object.keys(first)).toEqual(expect.arrayContaining(['pagefind-entry.json', 'filters/python/overview.json']));

    // The next build of the same pages: a fresh export, under a new build id.
    rmSync(outDir, { recursive: true });
    writeExport('build-2');
    expect(await index()).toMatch(/from .*cache/);
    expect(contents(path.join(outDir, 'pagefind'))).toEqual(first);
  });

  it('indexes again when a course page changed, and keeps the new index too', async () => {
    await index();
    writeFileSync(path.join(outDir, 'courses', 'py-2', 'index.html'), coursePage('py-2', 'Gamma Python', 1));
    rmSync(path.join(outDir, 'pagefind'), { recursive: true });
    expect(await index()).toMatch(/^2 course pages indexed/);
    expect(readdirSync(cacheDir).filter((name) => !name.startsWith('.'))).toHaveLength(2);
  }, 30_000);

  it("reads again only the changed page for the filter indexes, and writes only its category's, as a fresh index would", async () => {
    writeCoursePage('aws-1', 'Alpha AWS', 0, 'aws');
    expect(await index()).toMatch(/with 2 category filter indexes \(2 written and 3 pages read for them/);
    writeCoursePage('py-2', 'Gamma Python', 1);
    rmSync(path.join(outDir, 'pagefind'), { recursive: true });
    expect(await index()).toMatch(/with 2 category filter indexes \(1 written and 1 pages read for them/);
    const cached = contents(path.join(outDir, 'pagefind/filters'));

    // The same pages, indexed with no cache at all: the filter indexes' own files are the same.
    rmSync(path.join(outDir, 'pagefind'), { recursive: true });
    cacheDir = path.join(work, 'empty-cache');
    expect(await index()).toMatch(/\(2 written and 3 pages read for them/);
    const fresh = contents(path.join(outDir, 'pagefind/filters'));
    const ours = (files: Record<string, string>) =>
      Object.fromEntries(Object.entries(files).filter(([file]) => file.endsWith('.json')));
    expect(Object.keys(ours(cached)).length).toBeGreaterThan(2);
    expect(ours(cached)).toEqual(ours(fresh));
    expect(Object.keys(cached).sort()).toEqual(Object.keys(fresh).sort());
  }, 30_000);
});
