// @ts-check
import { readdirSync } from 'node:fs';
import path from 'node:path';

/** Every file under `dir` whose name ends so, relative to it, '/'-separated, sorted. @param {string} dir @param {string} ending */
export function filesNamed(dir, ending) {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(ending))
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}
