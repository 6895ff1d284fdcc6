// @ts-check
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';

/** Every file under `dir` whose name ends so, relative to it, '/'-separated, sorted. @param {string} dir @param {string} ending */
export function filesNamed(dir, ending) {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(ending))
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}

/**
 * The gzip files under `dir` (by their magic bytes) that do not decompress to their end: written
 * incompletely. Relative to `dir`, as filesNamed gives them.
 * @param {string} dir
 */
export function incompleteGzipFiles(dir) {
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
