import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { differingFiles, incompleteGzipFiles } from './files';

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

describe('differingFiles', () => {
  it('names each file only one folder has, and where two of the same name part; nothing for equal folders', () => {
    const [a, b] = [mkdtempSync(path.join(tmpdir(), 'same-a-')), mkdtempSync(path.join(tmpdir(), 'same-b-'))];
    try {
      for (const dir of [a, b]) {
        mkdirSync(path.join(dir, 'pagefind'));
        writeFileSync(path.join(dir, 'pagefind/index.pf_meta'), 'same bytes');
        writeFileSync(path.join(dir, 'index.html'), '<p>build id 1</p>');
      }
      expect(differingFiles(a, b)).toEqual([]);
      writeFileSync(path.join(b, 'index.html'), '<p>build id 2</p>');
      writeFileSync(path.join(a, 'only-a.txt'), '');
      writeFileSync(path.join(b, 'pagefind/only-b.pf_fragment'), '');
      expect(differingFiles(a, b)).toEqual([
        { file: 'index.html', problem: `differs from byte 12: "<p>build id 1</p>" against "<p>build id 2</p>"` },
        { file: 'only-a.txt', problem: `only in ${a}` },
        { file: 'pagefind/only-b.pf_fragment', problem: `only in ${b}` },
      ]);
    } finally {
      for (const dir of [a, b]) rmSync(dir, { recursive: true, force: true });
    }
  });
});
