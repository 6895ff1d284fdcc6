/**
 * The exported HTML pages, as the postbuild steps read and rewrite them.
 */
import { readdirSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Every .html file under `dir`, sorted. */
export function htmlFiles(dir) {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

/**
 * Reads every page of `dir` and writes back what `rewrite(html, file)` returns (null leaves the
 * page as it is), a few pages at a time. Returns how many pages there are and how many changed.
 */
export async function rewritePages(dir, rewrite, concurrency = 8) {
  const files = htmlFiles(dir);
  const queue = [...files];
  let rewritten = 0;
  async function worker() {
    for (let file = queue.shift(); file; file = queue.shift()) {
      const result = await rewrite(await readFile(file, 'utf8'), file);
      if (result === null) continue;
      await writeFile(file, result);
      rewritten++;
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker));
  return { pages: files.length, rewritten };
}
