/** @jest-environment node */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { atomicBuild } from './atomic';
import { manifestFile } from './manifest';

let work: string;
let target: string;
beforeEach(() => {
  work = mkdtempSync(path.join(tmpdir(), 'atomic-'));
  target = path.join(work, 'out');
});
afterEach(() => rmSync(work, { recursive: true, force: true }));

const writeExport = (dir: string, text: string) => {
  mkdirSync(path.join(dir, 'courses'), { recursive: true });
  writeFileSync(path.join(dir, 'index.html'), text);
  writeFileSync(path.join(dir, 'courses', `${text}.html`), text);
  writeFileSync(manifestFile(dir), text);
};
const halfExport = async (staging: string) => {
  writeExport(staging, 'half');
  throw new Error('CSP: courses/web-101/index.html: a javascript: URL in href= on <a>');
};

describe('atomicBuild', () => {
  it('leaves the previous complete export untouched when a step fails, removes the half-built one, and says so', async () => {
    writeExport(target, 'previous');
    await expect(atomicBuild(target, halfExport)).rejects.toThrow(
      /^build FAILED: CSP: courses\/web-101\/index.html: a javascript: URL in href= on <a>\nthe previous export in .*out\/ is untouched \(it is not this build\)\.$/,
    );
    expect(readFileSync(path.join(target, 'index.html'), 'utf8')).toBe('previous');
    expect(readdirSync(path.join(target, 'courses'))).toEqual(['previous.html']);
    expect(readFileSync(manifestFile(target), 'utf8')).toBe('previous');
    expect(readdirSync(work)).toEqual(['out', 'out.export-manifest.json']);
  });

  it('leaves no export at all when there was none, and says so', async () => {
    await expect(atomicBuild(target, halfExport)).rejects.toThrow(/there is no export in .*out\/\.$/);
    expect(readdirSync(work)).toEqual([]);
  });

  it('replaces the previous export as a whole once every step has passed', async () => {
    writeExport(target, 'previous');
    await atomicBuild(target, async (staging) => writeExport(staging, 'next'));
    expect(readFileSync(path.join(target, 'index.html'), 'utf8')).toBe('next');
    expect(readdirSync(path.join(target, 'courses'))).toEqual(['next.html']);
    // The manifest beside the export moves with it, and none is left inside (a host uploads the folder).
    expect(readFileSync(manifestFile(target), 'utf8')).toBe('next');
    expect(readdirSync(work)).toEqual(['out', 'out.export-manifest.json']);
  });
});
