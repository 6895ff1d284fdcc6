/** @jest-environment node */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { decode, encode } from 'cborg';
import { filesNamed } from './files';
import { canonicalPagefind, pagefindGzip, pagefindHash } from './pagefind-canonical';

type Values = [string, number[]][];
type Index = { filters: [string, Values][]; sorts: [string, number[]][] };

const VERSION = '1.5.2';
const PAGES = [
  ['zz_1a2b3c4', 120],
  ['zz_5d6e7f8', 80],
  ['zz_9a0b1c2', 95],
];
const CHUNKS = [['a', 'z', 'zz_745255d']];
const FIELDS = ['creator', 'id', 'title'];

/** The catalogue's facts as one index holds them, in the order a run of Pagefind might list them. */
const INDEX: Index = {
  filters: [
    [
      'level',
      [
        ['Beginner', [0, 2]],
        ['Advanced', [1]],
      ],
    ],
    [
      'lang',
      [
        ['English', [0, 1]],
        ['Español', [2]],
        ['Deutsch', [1]],
      ],
    ],
    ['price', [['0-10', [0, 1, 2]]]],
  ],
  sorts: [
    ['rating', [2, 0, 1]],
    ['price', [1, 2, 0]],
  ],
};

/** The same index as another run writes it: every list in another order. */
const SHUFFLED: Index = {
  filters: [
    ['price', [['0-10', [2, 0, 1]]]],
    [
      'lang',
      [
        ['Deutsch', [1]],
        ['Español', [2]],
        ['English', [1, 0]],
      ],
    ],
    [
      'level',
      [
        ['Advanced', [1]],
        ['Beginner', [2, 0]],
      ],
    ],
  ],
  sorts: [
    ['price', [1, 2, 0]],
    ['rating', [2, 0, 1]],
  ],
};

/** Pagefind's name of a file with these bytes: its language's prefix, then `length` characters of its hash. */
const nameOf = (payload: Uint8Array, length: number) => `zz_${pagefindHash(payload).slice(0, length)}`;

/** Writes an index as Pagefind 1.5 does (src/output/mod.rs), lists in the order given. */
function writePagefind(dir: string, { filters, sorts }: Index) {
  mkdirSync(path.join(dir, 'filter'), { recursive: true });
  const named = filters.map((filter) => {
    const payload = encode(filter);
    const name = nameOf(payload, 7);
    writeFileSync(path.join(dir, 'filter', `${name}.pf_filter`), pagefindGzip(payload));
    return [filter[0], name];
  });
  const meta = encode([VERSION, PAGES, CHUNKS, named, sorts, FIELDS]);
  const hash = nameOf(meta, 10);
  writeFileSync(path.join(dir, `pagefind.${hash}.pf_meta`), pagefindGzip(meta));
  writeFileSync(
    path.join(dir, 'pagefind-entry.json'),
    JSON.stringify({
      version: VERSION,
      languages: { zz: { hash, wasm: null, page_count: PAGES.length } },
      include_characters: ['_', '‿', '＿'],
    }),
  );
  // Files this step leaves alone.
  writeFileSync(path.join(dir, 'pagefind.js'), 'export {}');
  mkdirSync(path.join(dir, 'fragment'));
  writeFileSync(path.join(dir, 'fragment', 'zz_1a2b3c4.pf_fragment'), pagefindGzip(Buffer.from('{"url":"/a/"}')));
}

/**
 * The index in `dir` in canonical form, as the build makes it (in memory, from Pagefind's files),
 * written over it. Returns how many files got another name.
 */
function canonicalise(dir: string) {
  const files = new Map(filesNamed(dir, '').map((file) => [file, readFileSync(path.join(dir, file))]));
  const canonical = canonicalPagefind(files, dir);
  rmSync(dir, { recursive: true });
  for (const [file, bytes] of canonical.files) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), bytes);
  }
  return canonical.renamed;
}

/** Every file of an index with its bytes. */
const contents = (dir: string) =>
  Object.fromEntries(filesNamed(dir, '').map((file) => [file, readFileSync(path.join(dir, file)).toString('base64')]));

/** A file's payload, after gzip and Pagefind's signature. */
function payloadOf(file: string) {
  const body = gunzipSync(readFileSync(file));
  expect(body.subarray(0, 12).toString()).toBe('pagefind_dcd');
  return body.subarray(12);
}

/** What the client reads from an index: its entry, its metadata and every filter by name. */
function readIndex(dir: string) {
  const entry = JSON.parse(readFileSync(path.join(dir, 'pagefind-entry.json'), 'utf8'));
  const metaFile = path.join(dir, `pagefind.${entry.languages.zz.hash}.pf_meta`);
  const meta = decode(payloadOf(metaFile));
  const filters = Object.fromEntries(
    (meta[3] as [string, string][]).map(([name, hash]) => [
      name,
      decode(payloadOf(path.join(dir, 'filter', `${hash}.pf_filter`))),
    ]),
  );
  return { entry, metaFile, meta, filters };
}

/** An index as sets: what it means, whatever its order. */
const meaning = ({ filters, sorts }: Index) => ({
  filters: Object.fromEntries(
    filters.map(([name, values]) => [
      name,
      Object.fromEntries(values.map(([value, pages]) => [value, [...pages].sort((a, b) => a - b)])),
    ]),
  ),
  sorts: Object.fromEntries(sorts),
});

describe("Pagefind's index in canonical form", () => {
  let work: string;
  const index = (name: string, content: Index) => {
    const dir = path.join(work, name);
    writePagefind(dir, content);
    return dir;
  };
  beforeEach(() => {
    work = mkdtempSync(path.join(tmpdir(), 'pagefind-canonical-'));
  });
  afterEach(() => rmSync(work, { recursive: true, force: true }));

  it('gives an index listed in another order the same files, names and bytes', () => {
    const [a, b] = [index('a', INDEX), index('b', SHUFFLED)];
    expect(contents(a)).not.toEqual(contents(b));
    canonicalise(a);
    canonicalise(b);
    expect(contents(a)).toEqual(contents(b));
  });

  it('keeps every filter value with its pages, every sort order, and the rest of the metadata and entry', () => {
    const dir = index('a', SHUFFLED);
    const before = readIndex(dir);
    canonicalise(dir);
    const after = readIndex(dir);
    expect(meaning({ filters: Object.values(after.filters) as Index['filters'], sorts: after.meta[4] })).toEqual(
      meaning(INDEX),
    );
    // Sorted: filters and their values by their bytes, sorts by key, pages ascending.
    expect(after.meta[3].map(([name]: [string]) => name)).toEqual(['lang', 'level', 'price']);
    expect(after.filters.lang).toEqual([
      'lang',
      [
        ['Deutsch', [1]],
        ['English', [0, 1]],
        ['Español', [2]],
      ],
    ]);
    expect(after.meta[4]).toEqual([
      ['price', [1, 2, 0]],
      ['rating', [2, 0, 1]],
    ]);
    expect([after.meta[0], after.meta[1], after.meta[2], after.meta[5]]).toEqual([VERSION, PAGES, CHUNKS, FIELDS]);
    expect({ ...after.entry, languages: { zz: { ...after.entry.languages.zz, hash: 'h' } } }).toEqual({
      ...before.entry,
      languages: { zz: { ...before.entry.languages.zz, hash: 'h' } },
    });
  });

  it("names each file by Pagefind's hash of its new bytes, and every name it refers to is a file, with no other left", () => {
    const dir = index('a', SHUFFLED);
    canonicalise(dir);
    const { entry, metaFile, meta } = readIndex(dir);
    expect(entry.languages.zz.hash).toBe(nameOf(payloadOf(metaFile), 10));
    expect(entry.languages.zz.hash).toMatch(/^zz_[0-9a-f]{10}$/);
    const filterFiles = (meta[3] as [string, string][]).map(([, hash]) => `filter/${hash}.pf_filter`);
    for (const file of filterFiles) {
      expect(path.basename(file, '.pf_filter')).toBe(nameOf(payloadOf(path.join(dir, file)), 7));
      expect(path.basename(file)).toMatch(/^zz_[0-9a-f]{7}\.pf_filter$/);
    }
    expect(filesNamed(dir, '')).toEqual(
      [
        'fragment/zz_1a2b3c4.pf_fragment',
        'pagefind-entry.json',
        'pagefind.js',
        path.basename(metaFile),
        ...filterFiles,
      ].sort(),
    );
  });

  it('gives a changed value or page list other bytes and names, and leaves the unchanged filters as they were', () => {
    const withFilter = (name: string, values: Values): Index => ({
      ...INDEX,
      filters: INDEX.filters.map((filter) => (filter[0] === name ? [name, values] : filter)),
    });
    const moved = withFilter('level', [
      ['Beginner', [0, 2]],
      ['Advanced', [2]], // another course is the advanced one
    ]);
    const renamed = withFilter('lang', [
      ['English', [0, 1]],
      ['Español', [2]],
      ['German', [1]],
    ]);
    const filesOf = (name: string, content: Index) => {
      const dir = index(name, content);
      canonicalise(dir);
      const { entry, meta } = readIndex(dir);
      const files: Record<string, string> = { meta: entry.languages.zz.hash, ...Object.fromEntries(meta[3]) };
      return files;
    };
    const [before, afterMove, afterRename] = [filesOf('a', INDEX), filesOf('b', moved), filesOf('c', renamed)];
    // Only the changed filter's file and the metadata naming it are new.
    const others = (files: Record<string, string>, changed: string) => ({ ...files, meta: '', [changed]: '' });
    expect(others(afterMove, 'level')).toEqual(others(before, 'level'));
    expect(others(afterRename, 'lang')).toEqual(others(before, 'lang'));
    for (const [after, changed] of [
      [afterMove, 'level'],
      [afterRename, 'lang'],
    ] as const) {
      expect(after[changed]).not.toBe(before[changed]);
      expect(after.meta).not.toBe(before.meta);
    }
    expect(afterRename.meta).not.toBe(afterMove.meta);
  });

  it('leaves an index in canonical form as it is, byte for byte, and writes gzip as Pagefind does', () => {
    const dir = index('a', SHUFFLED);
    expect(canonicalise(dir)).toBeGreaterThan(0);
    const once = contents(dir);
    expect(canonicalise(dir)).toBe(0);
    expect(contents(dir)).toEqual(once);
    // flate2's header: no name, no time, best compression, OS unknown.
    const { metaFile } = readIndex(dir);
    expect(readFileSync(metaFile).subarray(0, 10).toString('hex')).toBe('1f8b08000000000002ff');
  });

  it('stops, naming the file, at one it does not know, and leaves the index as it was', () => {
    const dir = index('a', SHUFFLED);
    const { meta } = readIndex(dir);
    const [, hash] = meta[3][0];
    const filterFile = path.join(dir, 'filter', `${hash}.pf_filter`);
    writeFileSync(filterFile, pagefindGzip(encode({ filter: 'price', values: {} })));
    const before = contents(dir);
    expect(() => canonicalise(dir)).toThrow(`Pagefind's ${filterFile} is not filter 'price'`);
    expect(contents(dir)).toEqual(before);

    writeFileSync(filterFile, 'not gzip');
    expect(() => canonicalise(dir)).toThrow(`Pagefind's ${filterFile} is not a whole gzip file`);
    rmSync(path.join(dir, 'pagefind-entry.json'));
    expect(() => canonicalise(dir)).toThrow(`no pagefind-entry.json in ${dir}`);
  });
});
