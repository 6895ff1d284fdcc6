/**
 * Pagefind's index in one canonical form (STYLE 25), made in memory before it is written
 * (search-index.ts). Pagefind 1.5 lists filter values, filters and sorts in a Rust HashMap's
 * order, seeded anew in every process (Pagefind/pagefind#638), and names each file by a hash of
 * its bytes, so two runs over the same pages differ. Here those lists are sorted (by UTF-8 bytes,
 * as Pagefind's client keeps them; page lists ascending) and the files renamed by Pagefind's own
 * hash of the new bytes, so a file already in that order keeps its name; the metadata and
 * pagefind-entry.json follow. The client reads them into maps: order means nothing to it.
 *
 * Files: gzip of 'pagefind_dcd' then CBOR (pagefind/src/output/mod.rs); the layouts of metadata and
 * filter files are in pagefind/src/index/index_metadata.rs and index_filter.rs.
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { decode, encode } from 'cborg';

const SIGNATURE = Buffer.from('pagefind_dcd');
const ENTRY_FILE = 'pagefind-entry.json';

export type FilterValue = [string, number[]];
export type FilterFile = [string, FilterValue[]];
export type MetaFilter = [string, string];
export type MetaSort = [string, number[]];
export type EntryLanguage = { hash: string; wasm: string | null; page_count: number };

/** Orders strings by their UTF-8 bytes, as Rust orders a String. */
export const byUtf8 = (a: string, b: string) => Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));

/**
 * Pagefind's hash of a file's bytes (utils.rs, full_hash): SHA-1, each byte in hex without its
 * leading zero. Its names are prefixes of it.
 */
export function pagefindHash(bytes: Uint8Array) {
  return [...createHash('sha1').update(bytes).digest()].map((byte) => byte.toString(16)).join('');
}

/**
 * A file's bytes as Pagefind writes them: gzip of the signature and the payload, with no name and
 * no time, the OS byte 'unknown' as flate2 writes it (Node writes its platform's, which would make
 * two machines differ), at the best compression.
 */
export function pagefindGzip(payload: Uint8Array) {
  const bytes = gzipSync(Buffer.concat([SIGNATURE, payload]), { level: 9 });
  bytes[9] = 0xff;
  return bytes;
}

/**
 * The payload of one of Pagefind's files, after its signature.
 * @param file its name in messages
 */
function readPayload(bytes: Uint8Array | undefined, file: string) {
  if (!bytes) throw new Error(`Pagefind's index has no ${file}`);
  let body;
  try {
    body = gunzipSync(bytes);
  } catch (error) {
    throw new Error(`Pagefind's ${file} is not a whole gzip file: ${(error as Error).message}`);
  }
  if (!body.subarray(0, SIGNATURE.length).equals(SIGNATURE))
    throw new Error(`Pagefind's ${file} does not start with its signature 'pagefind_dcd'`);
  return decode(body.subarray(SIGNATURE.length));
}

const isPageList = (value: unknown) =>
  Array.isArray(value) && value.every((page) => Number.isInteger(page) && page >= 0);

const isNamedList = (value: unknown): value is [string, unknown[]] =>
  Array.isArray(value) && value.length === 2 && typeof value[0] === 'string' && Array.isArray(value[1]);

/**
 * Fails, naming the file, when a value is not of the shape this step knows: a Pagefind that
 * writes another format must not be rewritten blindly.
 */
function expectShape(known: boolean, file: string, shape: string) {
  if (!known)
    throw new Error(`Pagefind's ${file} is not ${shape}, as Pagefind 1.5 writes it: this step needs updating`);
}

/** A filter file's content, values sorted and each page list ascending. */
export function canonicalFilter([name, values]: FilterFile): FilterFile {
  return [
    name,
    values
      .map(([value, pages]): FilterValue => [value, [...pages].sort((a, b) => a - b)])
      .sort(([a], [b]) => byUtf8(a, b)),
  ];
}

/**
 * A name for `hash` (a full hash with its language's prefix) of `length` characters, longer while
 * it is taken, as Pagefind lengthens a colliding name.
 */
function freeName(hash: string, length: number, taken: Set<string>) {
  let name = hash.slice(0, length);
  while (taken.has(name) && name.length < hash.length) name = hash.slice(0, name.length + 1);
  if (taken.has(name)) throw new Error(`Pagefind canonical form: two different files hash to ${hash}`);
  taken.add(name);
  return name;
}

/**
 * The Pagefind index `files` (each file's bytes by its path in the index, '/'-separated, as
 * Pagefind's getFiles names them) in canonical form: a new map, the filter files, metadata and
 * entry replaced. `dir`, where the index goes, names the files in messages. `renamed`: how many
 * files got another name (0 when Pagefind wrote them so already).
 */
export function canonicalPagefind(
  files: ReadonlyMap<string, Uint8Array>,
  dir: string,
): { files: Map<string, Uint8Array>; renamed: number } {
  const entryBytes = files.get(ENTRY_FILE);
  if (!entryBytes) throw new Error(`Pagefind canonical form: no ${ENTRY_FILE} in ${dir}`);
  const entryFile = path.join(dir, ENTRY_FILE);

  const entry: { languages: Record<string, EntryLanguage> } = JSON.parse(Buffer.from(entryBytes).toString('utf8'));
  expectShape(typeof entry.languages === 'object' && entry.languages !== null, entryFile, 'an object of languages');
  const languages = Object.entries(entry.languages).sort(([a], [b]) => byUtf8(a, b));

  // Everything read first, then the old files removed, then the new added: a new name may be an old one's.

  const written: Map<string, Uint8Array> = new Map();

  const removed: Set<string> = new Set();

  const named: Record<string, EntryLanguage> = {};
  let renamed = 0;
  for (const [language, about] of languages) {
    const metaName = `pagefind.${about.hash}.pf_meta`;
    const metaFile = path.join(dir, metaName);
    const meta = readPayload(files.get(metaName), metaFile);
    expectShape(
      Array.isArray(meta) &&
        meta.length >= 5 &&
        Array.isArray(meta[3]) &&
        meta[3].every(
          (filter) => Array.isArray(filter) && filter.length === 2 && filter.every((part) => typeof part === 'string'),
        ) &&
        Array.isArray(meta[4]) &&
        meta[4].every((sort) => isNamedList(sort) && isPageList(sort[1])),
      metaFile,
      'metadata [version, pages, chunks, filters, sorts, …]',
    );

    const filters: MetaFilter[] = meta[3];
    const taken = new Set<string>();
    const prefix = `${language}_`;

    const filterFiles: MetaFilter[] = [];
    for (const [filterName, hash] of [...filters].sort(([a], [b]) => byUtf8(a, b))) {
      const filterPath = `filter/${hash}.pf_filter`;
      const file = path.join(dir, filterPath);
      const filter = readPayload(files.get(filterPath), file);
      expectShape(
        isNamedList(filter) &&
          filter[0] === filterName &&
          filter[1].every((value) => isNamedList(value) && isPageList(value[1])),
        file,
        `filter '${filterName}' [name, [[value, pages]…]]`,
      );
      const payload = encode(canonicalFilter(filter as FilterFile));
      const name = freeName(prefix + pagefindHash(payload), prefix.length + 7, taken);
      if (name !== hash) renamed++;
      removed.add(filterPath);
      written.set(`filter/${name}.pf_filter`, pagefindGzip(payload));
      filterFiles.push([filterName, name]);
    }
    const sorts = [...meta[4]].sort(([a], [b]) => byUtf8(a, b));
    const payload = encode([...meta.slice(0, 3), filterFiles, sorts, ...meta.slice(5)]);
    const hash = `${prefix}${pagefindHash(payload).slice(0, language.length + 8)}`;
    if (hash !== about.hash) renamed++;
    removed.add(metaName);
    written.set(`pagefind.${hash}.pf_meta`, pagefindGzip(payload));
    named[language] = { ...about, hash };
  }
  const canonical = new Map([...files].filter(([file]) => !removed.has(file)));
  for (const [file, bytes] of written) canonical.set(file, bytes);
  canonical.set(ENTRY_FILE, Buffer.from(JSON.stringify({ ...entry, languages: named })));
  return { files: canonical, renamed };
}
