/** @jest-environment node */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { CoursePreview, OgPreview, OgPreviews } from './og-previews';
import { makePreviews, previewKey } from './og';
import { compiledBuild } from '../test/helpers/compiled-build';

const design = {
  colours: {
    brand: '#5624d0',
    brandDark: '#2a0f73',
    brandLight: '#eee8fc',
    ink: '#1c1d1f',
    white: '#ffffff',
    mutedOnDark: '#d9ccff',
    glow: '#7b4be8',
    glowFaded: 'rgba(123, 75, 232, 0)',
  },
  siteName: 'Coursely',
} as const;

const course = (id: string, name: string, change: Partial<CoursePreview> = {}): OgPreview => ({
  file: `${id}.jpg`,
  card: 'course',
  course: { category: 'Python', name, creator: 'Ann Lee', listPrice: '$84.99', price: '$12.99', ...change },
});

const catalogue = [
  { file: 'default.jpg', card: 'default' } as const,
  course('py-101', 'Python for Beginners'),
  course('py-102', 'Data Analysis with pandas'),
  course('py-103', 'بايثون للمبتدئين 🚀'),
];

describe('the link-preview step', () => {
  let work: string;
  let outDir: string;
  let cacheRoot: string;
  let previewsFile: string;

  /** An empty export, and the plan's list of `previews` in a file (for the step run in Node). */
  function writeExport(previews: OgPreview[]): OgPreviews {
    rmSync(outDir, { recursive: true, force: true });
    mkdirSync(outDir, { recursive: true });
    const list = { design, previews } satisfies OgPreviews;
    writeFileSync(previewsFile, JSON.stringify(list));
    return list;
  }

  /** Runs the step with a stand-in for drawing; returns the files under /og/ the export drew. */
  async function build(previews: OgPreview[]): Promise<string[]> {
    const list = writeExport(previews);
    const drawn: string[] = [];
    await makePreviews({
      outDir,
      cacheRoot,
      previews: list,
      draw: async (jobs) => {
        for (const { preview, file } of jobs) {
          drawn.push(preview.file);
          writeFileSync(file, `jpeg of ${preview.card === 'course' ? preview.course.name : 'the site'}`);
        }
      },
    });
    return drawn;
  }

  beforeEach(() => {
    work = mkdtempSync(path.join(tmpdir(), 'og-'));
    outDir = path.join(work, 'out');
    cacheRoot = path.join(work, 'cache');
    previewsFile = path.join(work, 'previews.json');
  });
  afterEach(() => rmSync(work, { recursive: true, force: true }));

  it('draws every preview on a cold build, none on a warm one, and only the changed course after an edit', async () => {
    expect(await build(catalogue)).toEqual(['default.jpg', 'py-101.jpg', 'py-102.jpg', 'py-103.jpg']);
    expect(await build(catalogue)).toEqual([]);
    const renamed = catalogue.map((preview) =>
      preview.file === 'py-102.jpg' ? course('py-102', 'Data Analysis with pandas (revised)') : preview,
    );
    expect(await build(renamed)).toEqual(['py-102.jpg']);
    expect(readFileSync(path.join(outDir, 'og/py-102.jpg'), 'utf8')).toBe(
      'jpeg of Data Analysis with pandas (revised)',
    );
    expect(readFileSync(path.join(outDir, 'og/py-101.jpg'), 'utf8')).toBe('jpeg of Python for Beginners');
    expect(readdirSync(path.join(cacheRoot, 'og'))).toHaveLength(5);
  });

  it('draws a price change, and draws courses that show the same texts once', async () => {
    await build(catalogue);
    const twin = course('py-104', 'Python for Beginners');
    expect(
      await build([...catalogue.slice(0, 2), course('py-102', 'Data Analysis with pandas', { price: '$9.99' }), twin]),
    ).toEqual(['py-102.jpg']);
    expect(readFileSync(path.join(outDir, 'og/py-104.jpg'), 'utf8')).toBe('jpeg of Python for Beginners');
  });

  it('names a file name that would leave og/, and writes nothing', async () => {
    await expect(build([course('../index', 'Escape')])).rejects.toThrow(
      'link previews: the plan names "../index.jpg", which is not a file name under og/',
    );
    expect(existsSync(path.join(outDir, 'index.jpg'))).toBe(false);
  });

  it('keys a preview by what it draws, not by its file name', () => {
    expect(previewKey(course('a', 'Same'), design)).toBe(previewKey(course('b', 'Same'), design));
    expect(previewKey(course('a', 'Same'), design)).not.toBe(previewKey(course('a', 'Other'), design));
  });

  it('draws real 1200×630 JPEGs in worker threads, Arabic and emoji included, and none again when warm', async () => {
    writeExport(catalogue);
    // As the build runs it: Node with the compiled build, not Jest's module system (satori ships ES
    // modules only). A file, not -e with --input-type: the worker threads would inherit the flag.
    const script = path.join(work, 'step.mjs');
    writeFileSync(
      script,
      `const { previewsStep } = await import(${JSON.stringify(compiledBuild())});
      const { readFileSync } = await import('node:fs');
      const previews = JSON.parse(readFileSync(${JSON.stringify(previewsFile)}, 'utf8'));
      process.stdout.write(await previewsStep({ ...${JSON.stringify({ outDir, cacheRoot })}, previews }));`,
    );
    const step = () => execFileSync(process.execPath, [script], { encoding: 'utf8' });
    expect(step()).toMatch(/^4 images, 4 drawn/);
    for (const { file } of catalogue) {
      const { format, width, height } = await sharp(path.join(outDir, 'og', file)).metadata();
      expect({ file, format, width, height }).toEqual({ file, format: 'jpeg', width: 1200, height: 630 });
    }
    // The card lies on its background: the glow near the top right, the shade's dark end at the bottom
    // right, and the white price box over both (its right-hand padding, whatever the price).
    const { data } = await sharp(path.join(outDir, 'og', 'py-101.jpg'))
      .raw()
      .toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [...data.subarray((y * 1200 + x) * 3, (y * 1200 + x) * 3 + 3)];
    const near = (actual: number[], expected: number[]) =>
      actual.every((value, i) => Math.abs(value - expected[i]!) <= 12);
    expect(near(pixel(1056, 76), [0x7b, 0x4b, 0xe8])).toBe(true);
    expect(near(pixel(1192, 622), [0x2a, 0x0f, 0x73])).toBe(true);
    expect(near(pixel(1112, 520), [255, 255, 255])).toBe(true);
    // Again over the same export (the adapter run twice), then over a fresh one: nothing is drawn.
    expect(step()).toMatch(/^4 images, 0 drawn/);
    writeExport(catalogue);
    expect(step()).toMatch(/^4 images, 0 drawn/);
  }, 60_000);
});
