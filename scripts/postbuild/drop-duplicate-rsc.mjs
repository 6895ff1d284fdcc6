/**
 * Next.js writes each page's full RSC payload twice: index.txt, which the client router fetches
 * for a navigation it has not prefetched (fetch-server-response.js appends 'index.txt' to the
 * URL in export mode), and __next._full.txt, which collect-segment-data.js adds to the segment
 * files unconditionally. No client code requests '_full' (not one chunk of the export names
 * it: the router's prefetches ask for __next._tree.txt, __next._index.txt and the
 * __next.<segment>.txt files), so the copy is dead weight: 44 KB of a course page's 222 KB.
 * There is no setting to turn it off in Next.js 16, so it is removed here, and only where it
 * is byte-for-byte the same as the index.txt beside it.
 */
import { readFileSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';

const DUPLICATE = '__next._full.txt';

export async function run({ outDir }) {
  let removed = 0;
  let kept = 0;
  let bytes = 0;
  for (const entry of readdirSync(outDir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || entry.name !== DUPLICATE) continue;
    const file = path.join(entry.parentPath, entry.name);
    const full = readFileSync(file);
    let index;
    try {
      index = readFileSync(path.join(entry.parentPath, 'index.txt'));
    } catch {
      index = undefined;
    }
    if (index && index.equals(full)) {
      rmSync(file);
      removed += 1;
      bytes += full.length;
    } else {
      kept += 1;
    }
  }
  return `removed ${removed} copies of index.txt (${(bytes / 1024 ** 2).toFixed(1)} MB)${kept ? `, kept ${kept} that differ` : ''}`;
}
