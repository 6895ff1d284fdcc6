import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { IMAGE_WIDTHS } from '../config/image-variants.mjs';
import type { PlannedImage } from './export-plan';
import { MIN_PHOTO_WIDTH, cacheKey, run, sizeProblem } from './images';

describe('sizeProblem', () => {
  it('accepts a 16:9 photo wide enough for a phone card at 2×, and any SVG', () => {
    expect(sizeProblem({ width: 1600, height: 900, vector: false }, 16 / 9)).toBeNull();
    expect(sizeProblem({ width: 48, height: 27, vector: true }, 16 / 9)).toBeNull();
  });

  it('names both sizes when a photo is too small for its largest slot', () => {
    expect(sizeProblem({ width: 640, height: 360, vector: false }, 16 / 9)).toBe(
      `is 640×360 px; it must be at least ${MIN_PHOTO_WIDTH} px wide (a phone shows it ${MIN_PHOTO_WIDTH} device pixels wide)`,
    );
  });

  it('refuses a shape that would lose more than a tenth to cropping, and says how much', () => {
    expect(sizeProblem({ width: 1000, height: 1000, vector: false }, 16 / 9)).toMatch(
      /1000×1000 px \(1\.00:1\).*1\.78:1.*crop 44%/,
    );
    expect(sizeProblem({ width: 1600, height: 1000, vector: false }, 16 / 9)).toBeNull();
  });
});

describe('cacheKey', () => {
  it('depends on the bytes and the width, not on the file name', () => {
    const a = Buffer.from('one');
    expect(cacheKey(a, 480)).toBe(cacheKey(Buffer.from('one'), 480));
    expect(cacheKey(a, 480)).not.toBe(cacheKey(a, 720));
    expect(cacheKey(a, 480)).not.toBe(cacheKey(Buffer.from('two'), 480));
  });
});

describe('run', () => {
  let out: string;
  beforeEach(() => {
    out = mkdtempSync(path.join(tmpdir(), 'images-'));
    mkdirSync(path.join(out, 'images'), { recursive: true });
  });
  afterEach(() => rmSync(out, { recursive: true, force: true }));

  /** The plan's images, as the build hands them to this step. */
  let planned: PlannedImage[] = [];
  const plan = (images: PlannedImage[]) => {
    planned = images;
  };

  /** A file the plan lists, shown in a 16:9 slot by the home page unless said otherwise. */
  const image = (source: string, change: Partial<PlannedImage> = {}): PlannedImage => ({
    source,
    widths: [...IMAGE_WIDTHS],
    aspect: 480 / 270,
    what: 'the banner',
    page: 'index.html',
    ...change,
  });

  const photo = (width: number, height: number) =>
    sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } })
      .jpeg()
      .toBuffer();

  it('writes every width of a photo as WebP, scaled down, never up', async () => {
    writeFileSync(path.join(out, 'images/cover.jpg'), await photo(800, 450));
    plan([image('/images/cover.jpg')]);
    await run({ outDir: out, images: planned });
    for (const width of IMAGE_WIDTHS) {
      const meta = await sharp(readFileSync(path.join(out, `_img/images/cover.jpg.${width}w.webp`))).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.width).toBe(Math.min(width, 800));
    }
  });

  it('draws an SVG at each width', async () => {
    writeFileSync(
      path.join(out, 'images/tile.svg'),
      '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300"><rect width="400" height="300" fill="#a435f0"/></svg>',
    );
    plan([image('/images/tile.svg', { aspect: 400 / 300 })]);
    await run({ outDir: out, images: planned });
    const meta = await sharp(readFileSync(path.join(out, '_img/images/tile.svg.960w.webp'))).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 960, 720]);
  });

  it('fails naming the file, the course whose cover it is and a page that shows it, when the file is not an image', async () => {
    writeFileSync(path.join(out, 'images/broken.jpg'), 'not a jpeg');
    plan([image('/images/broken.jpg', { what: 'the cover of course "x"', page: 'courses/x/index.html' })]);
    await expect(run({ outDir: out, images: planned })).rejects.toThrow(
      /images: public\/images\/broken\.jpg \(the cover of course "x", shown by courses\/x\/index\.html\): not an image the build can read/,
    );
    expect(existsSync(path.join(out, '_img/images/broken.jpg.480w.webp'))).toBe(false);
  });

  it('fails when the plan lists no image', async () => {
    plan([]);
    await expect(run({ outDir: out, images: planned })).rejects.toThrow(/images: the plan of .* lists no image/);
  });

  it('fails, naming the file, when it is missing', async () => {
    plan([image('/images/gone.svg')]);
    await expect(run({ outDir: out, images: planned })).rejects.toThrow(
      /images: public\/images\/gone\.svg \(the banner, shown by index\.html\): the file is missing/,
    );
  });

  it('fails when a photo is too small for its slot', async () => {
    writeFileSync(path.join(out, 'images/small.jpg'), await photo(320, 180));
    plan([image('/images/small.jpg')]);
    await expect(run({ outDir: out, images: planned })).rejects.toThrow(
      /small\.jpg \(the banner, shown by index\.html\) is 320×180 px/,
    );
  });
});
