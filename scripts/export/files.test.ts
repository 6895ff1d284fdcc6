import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { incompleteGzipFiles } from './files.mjs';

describe('incompleteGzipFiles', () => {
  it('names the gzip files of an index that end early, and nothing else', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'pagefind-'));
    mkdirSync(path.join(dir, 'fragment'));
    const whole = gzipSync(Buffer.from('x'.repeat(100_000) + Math.random()));
    writeFileSync(path.join(dir, 'wasm.unknown.pagefind'), whole.subarray(0, whole.length - 40));
    writeFileSync(path.join(dir, 'fragment', 'a.pf_fragment'), whole);
    writeFileSync(path.join(dir, 'pagefind.js'), 'export {}');
    expect(incompleteGzipFiles(dir)).toEqual(['wasm.unknown.pagefind']);
  });
});
