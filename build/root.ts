/**
 * The project's folder: the nearest one above this module with a package.json. The same from
 * build/ (in tests) and from the compiled bundle in .cache/build/, which the build runs.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

function projectFolder(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`build: no package.json above ${from}`);
  }
}

export const root = projectFolder(path.dirname(fileURLToPath(import.meta.url)));
