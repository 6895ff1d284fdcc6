import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';

/** Every file under `dir` whose name ends so, relative to it, '/'-separated, sorted. */
export function filesNamed(dir: string, ending: string) {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(ending))
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}

/** A file of the export as a URL. */
export const fileUrl = (file: string, basePath: string) =>
  `${basePath}/${file.split('/').map(encodeURIComponent).join('/')}`;

/**
 * The gzip files under `dir` (by their magic bytes) that do not decompress to their end: written
 * incompletely. Relative to `dir`, as filesNamed gives them.
 */
export function incompleteGzipFiles(dir: string) {
  return filesNamed(dir, '').filter((file) => {
    const bytes = readFileSync(path.join(dir, file));
    if (bytes[0] !== 0x1f || bytes[1] !== 0x8b) return false;
    try {
      gunzipSync(bytes);
      return false;
    } catch {
      return true;
    }
  });
}

/**
 * Where two folders differ, file by file, sorted: a file only one of them has, or the first byte at
 * which two files of the same name part (two builds of the same inputs must have none: STYLE 25).
 */
export function differingFiles(a: string, b: string): { file: string; problem: string }[] {
  const inA = new Set(filesNamed(a, ''));
  const inB = new Set(filesNamed(b, ''));
  return [...new Set([...inA, ...inB])].sort().flatMap((file) => {
    if (!inB.has(file)) return [{ file, problem: `only in ${a}` }];
    if (!inA.has(file)) return [{ file, problem: `only in ${b}` }];
    const [bytesA, bytesB] = [readFileSync(path.join(a, file)), readFileSync(path.join(b, file))];
    if (bytesA.equals(bytesB)) return [];
    let at = 0;
    while (at < bytesA.length && bytesA[at] === bytesB[at]) at++;
    const around = (bytes: Buffer) => JSON.stringify(bytes.subarray(Math.max(0, at - 20), at + 40).toString('latin1'));
    return [{ file, problem: `differs from byte ${at}: ${around(bytesA)} against ${around(bytesB)}` }];
  });
}
