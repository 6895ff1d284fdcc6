/** @jest-environment node */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { decode } from 'cborg';
import { filterIndexes, searchPage, type ExportPlan } from './export-plan';
import { tokenize } from '@/lib/search';
import { getCourse } from '@/lib/server/catalogue';
import type { Course } from '@/lib/types';
import { filesNamed } from './files';
import { byUtf8 } from './pagefind-canonical';
import { compiledBuild } from '../test/helpers/compiled-build';

/**
 * Runs the search-index step as the build does, in Node with the compiled build (Pagefind's package is ESM only, which
 * Jest's module system does not load). Returns its summary line.
 */
function run(options: {
  outDir: string;
  cacheRoot: string;
  plan: Pick<ExportPlan, 'searchPages' | 'filterIndexes'>;
}): string {
  // The options on stdin: a plan of hundreds of courses is too long for a command line.
  const script = `const { searchIndexStep: run } = await import(${JSON.stringify(compiledBuild())}); let options = ''; for await (const chunk of process.stdin) options += chunk; process.stdout.write(await run(JSON.parse(options)));`;
  return execFileSync(process.execPath, ['--input-type=module', '-e', script], {
    encoding: 'utf8',
    input: JSON.stringify(options),
  });
}

const course = (id: string) => getCourse(id) as Course;
const [py1, py2, aws1] = [course('py-101'), course('py-102'), course('aws-101')];

/** A Pagefind file's content, after gzip and its signature. */
const payloadOf = (file: string) => decode(gunzipSync(readFileSync(file)).subarray('pagefind_dcd'.length));

/** The main index's word chunks in order (its metadata's): each one's file and its first and last word. */
function wordChunks(dir: string) {
  const entry = JSON.parse(readFileSync(path.join(dir, 'pagefind-entry.json'), 'utf8'));
  const chunks: [string, string, string][] = payloadOf(
    path.join(dir, `pagefind.${entry.languages.zz.hash}.pf_meta`),
  )[2];
  return chunks.map(([, , name]) => {
    const words: [string][] = payloadOf(path.join(dir, 'index', `${name}.pf_index`))[0];
    return { name, first: words[0]![0], last: words.at(-1)![0] };
  });
}

/** The words Pagefind indexes a text under: each word, and a hyphenated or dotted one also whole. */
const indexedWords = (text: string) => [
  ...tokenize(text),
  ...text.split(/\s+/).flatMap((part) => tokenize(part.replace(/[^\p{L}\p{N}]+/gu, ''))),
];

/** Every file of an index with its bytes, to compare two of them. */
const contents = (dir: string) =>
  Object.fromEntries(filesNamed(dir, '').map((file) => [file, readFileSync(path.join(dir, file)).toString('base64')]));

describe('search index', () => {
  let work: string;
  let outDir: string;
  let cacheRoot: string;
  let plan: Pick<ExportPlan, 'searchPages' | 'filterIndexes'>;
  const index = async () => run({ outDir, cacheRoot, plan });

  /** An empty export, and the plan of these courses as the build hands it to this step. */
  function writeExport(courses: Course[]) {
    rmSync(outDir, { recursive: true, force: true });
    mkdirSync(outDir, { recursive: true });
    plan = { searchPages: courses.map(searchPage), filterIndexes: filterIndexes(courses) };
  }

  beforeEach(() => {
    work = mkdtempSync(path.join(tmpdir(), 'search-index-'));
    outDir = path.join(work, 'out');
    cacheRoot = path.join(work, 'cache');
    writeExport([py1, py2]);
  });
  afterEach(() => rmSync(work, { recursive: true, force: true }));

  it("indexes each course's words with its card and filters, as its page gave them", async () => {
    expect(await index()).toMatch(/^2 courses indexed/);
    const fragments = filesNamed(path.join(outDir, 'pagefind/fragment'), '.pf_fragment').map((file) =>
      JSON.parse(
        gunzipSync(readFileSync(path.join(outDir, 'pagefind/fragment', file)))
          .toString('utf8')
          .replace(/^pagefind_dcd/, ''),
      ),
    );
    const fragment = fragments.find(({ url }) => url === '/courses/py-101/');
    expect(fragment.meta).toEqual(
      expect.objectContaining({ id: 'py-101', title: py1.course_name, creator: py1.creator, image: py1.image }),
    );
    expect(fragment.filters).toEqual(expect.objectContaining({ category: ['python'], lang: py1.lang }));
    // Its text: the category's label, then the creator, learning points, description and, last, the name.
    expect(fragment.content).toMatch(new RegExp(`^Python ${py1.creator} `));
    expect(fragment.content).toContain(py1.what_you_will_learn[0]);
    expect(fragment.content).toContain(py1.description);
    expect(fragment.content).toMatch(new RegExp(`${py1.course_name}\\.$`));
  });

  it('indexes new courses, and copies the same index from the cache into a new export of them', async () => {
    expect(await index()).toMatch(/^2 courses indexed/);
    const first = contents(path.join(outDir, 'pagefind'));
    expect(Object.keys(first)).toEqual(expect.arrayContaining(['pagefind-entry.json', 'filters/python/overview.json']));
    // Nothing of the build's own: a host would serve it.
    expect(Object.keys(first).filter((file) => path.basename(file).startsWith('.'))).toEqual([]);

    // The next build of the same catalogue: a fresh export.
    writeExport([py1, py2]);
    expect(await index()).toMatch(/from .*cache/);
    expect(contents(path.join(outDir, 'pagefind'))).toEqual(first);
    // The adapter run again over its own output.
    expect(await index()).toMatch(/from .*cache/);
    expect(contents(path.join(outDir, 'pagefind'))).toEqual(first);
  });

  it('indexes again when a course changed, and keeps the new index too', async () => {
    await index();
    writeExport([py1, { ...py2, course_name: 'Gamma Python' }]);
    expect(await index()).toMatch(/^2 courses indexed/);
    expect(readdirSync(path.join(cacheRoot, 'search-index'))).toHaveLength(2);
  }, 30_000);

  it("writes only the changed course's category filter index, as a fresh index would", async () => {
    writeExport([py1, py2, aws1]);
    expect(await index()).toMatch(/with 2 category filter indexes \(2 written/);
    writeExport([py1, { ...py2, course_name: 'Gamma Python' }, aws1]);
    expect(await index()).toMatch(/with 2 category filter indexes \(1 written/);
    const cached = contents(path.join(outDir, 'pagefind/filters'));

    // The same courses, indexed with no cache at all: the filter indexes' own files are the same.
    rmSync(path.join(outDir, 'pagefind'), { recursive: true });
    cacheRoot = path.join(work, 'empty-cache');
    expect(await index()).toMatch(/\(2 written/);
    const fresh = contents(path.join(outDir, 'pagefind/filters'));
    expect(Object.keys(fresh).filter((file) => file.endsWith('.pf_filter')).length).toBeGreaterThan(4);
    expect(cached).toEqual(fresh);
  }, 30_000);

  it('rewrites, for a renamed course, only the word chunks holding a word of its old or new name', async () => {
    // Enough courses for several chunks: the synthetic catalogue (an ES module, so in its own process).
    const file = path.join(work, 'courses-1000.json');
    execFileSync(process.execPath, ['scripts/tools/synth-catalogue.mjs', '1000', file], { stdio: 'ignore' });
    const [first, ...rest] = JSON.parse(readFileSync(file, 'utf8')) as Course[];
    const chunksOf = async (courses: Course[]) => {
      rmSync(outDir, { recursive: true, force: true });
      // Its sort ranks are not the shipped catalogue's: the main index alone.
      plan = { searchPages: courses.map(searchPage), filterIndexes: [] };
      expect(await index()).toMatch(/^1000 courses indexed/);
      return wordChunks(path.join(outDir, 'pagefind'));
    };
    const before = await chunksOf([first!, ...rest]);
    // Words added before, inside and after the old name: every later word of the record would move.
    const renamed = { ...first!, course_name: `Pragmatic ${first!.course_name.replace(' ', ' and ')} for Busy Teams` };
    const after = new Set((await chunksOf([renamed, ...rest])).map(({ name }) => name));

    // A chunk holds a word between the last word of the chunk before it and the first of the one after.
    const words = indexedWords(`${first!.course_name} ${renamed.course_name}`);
    const holdsName = (at: number) =>
      words.some(
        (word) =>
          (at === 0 || byUtf8(before[at - 1]!.last, word) < 0) &&
          (at === before.length - 1 || byUtf8(word, before[at + 1]!.first) < 0),
      );
    const others = before.filter((_, at) => !holdsName(at));
    expect(others.length).toBeGreaterThan(before.length / 4);
    expect(others.filter(({ name }) => !after.has(name))).toEqual([]);
  }, 60_000);

  it('writes the same files, byte for byte, in two cold runs of Pagefind, whose own order differs from run to run', async () => {
    // Several values in every filter group, so that Pagefind's order has room to differ.
    const courses = ['py-101', 'py-201', 'py-301', 'web-101', 'ds-201', 'aws-101', 'mkt-101', 'des-101'].map(course);
    writeExport(courses);
    expect(await index()).toMatch(/^8 courses indexed/);
    const first = contents(path.join(outDir, 'pagefind'));
    writeExport(courses);
    cacheRoot = path.join(work, 'another-cache');
    expect(await index()).toMatch(/^8 courses indexed/);
    expect(contents(path.join(outDir, 'pagefind'))).toEqual(first);
  }, 30_000);
});
