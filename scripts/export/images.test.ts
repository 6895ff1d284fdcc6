import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { IMAGE_WIDTHS } from '../../lib/image-variants.mjs';
import { elements, parsePage } from './html.mjs';
import { MIN_PHOTO_WIDTH, cacheKey, imagesOf, run, sizeProblem } from './images.mjs';
import { MANIFEST_FILE } from './manifest.mjs';

const img = (source: string, base = '', width = 480, height = 270) =>
  `<img alt="" width="${width}" height="${height}" srcSet="${IMAGE_WIDTHS.map((w) => `${base}/_img${source}.${w}w.webp ${w}w`).join(', ')}" src="${base}/_img${source}.960w.webp"/>`;

describe('imagesOf', () => {
  const imagesIn = (html: string, base = '') => imagesOf(elements(parsePage(html)), base, 'index.html');

  it("reads each image's source and its slot's shape back from the srcset the loader wrote", () => {
    const html = `<p>${img('/images/courses/py-101.svg')}${img('/images/categories/aws.svg', '', 400, 300)}</p>`;
    expect(imagesIn(html)).toEqual([
      { source: '/images/courses/py-101.svg', aspect: 480 / 270 },
      { source: '/images/categories/aws.svg', aspect: 400 / 300 },
    ]);
  });

  it('strips the base path and undoes HTML escaping', () => {
    expect(imagesIn(img('/images/a&amp;b.jpg', '/storefront'), '/storefront')).toEqual([
      { source: '/images/a&b.jpg', aspect: 480 / 270 },
    ]);
  });

  it("reads an image shown only under a media query from its <picture>'s source, the <img> holding no URL of its own", () => {
    const srcset = '/_img/images/banner.svg.480w.webp 480w, /_img/images/banner.svg.960w.webp 960w';
    const html = `<picture><source media="(min-width: 48rem)" srcset="${srcset}"/><img src="data:image/gif;base64,R0lG" width="640" height="480"/></picture>`;
    expect(imagesIn(html)).toEqual([{ source: '/images/banner.svg', aspect: 640 / 480 }]);
  });

  it('ignores images the loader did not name (icons, plain <img>, other sites)', () => {
    const html = '<img src="/icons/icon.png"/><img srcset="https://cdn.example/a.jpg 1x" src="x"/>';
    expect(imagesIn(html)).toEqual([]);
  });

  it('fails, naming the page, on a variant URL the loader never writes', () => {
    expect(() => imagesIn('<img src="/_img/images/a.svg.webp"/>')).toThrow(
      "images: index.html: an <img> whose /_img/ URLs do not name one source's variants: /_img/images/a.svg.webp",
    );
  });
});

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

  /** The export manifest the adapter would write for these pages (only what this step reads). */
  const pages = (byPage: Record<string, string>) => {
    const entries = Object.fromEntries(
      Object.entries(byPage).map(([page, html]) => [page, { images: imagesOf(elements(parsePage(html)), '', page) }]),
    );
    writeFileSync(path.join(out, MANIFEST_FILE), JSON.stringify({ version: 1, basePath: '', pages: entries }));
  };

  const photo = (width: number, height: number) =>
    sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } })
      .jpeg()
      .toBuffer();

  it('writes every width of a photo as WebP, scaled down, never up', async () => {
    writeFileSync(path.join(out, 'images/cover.jpg'), await photo(800, 450));
    pages({ 'index.html': img('/images/cover.jpg') });
    await run({ outDir: out });
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
    pages({ 'index.html': img('/images/tile.svg', '', 400, 300) });
    await run({ outDir: out });
    const meta = await sharp(readFileSync(path.join(out, '_img/images/tile.svg.960w.webp'))).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 960, 720]);
  });

  it('fails naming the file, the course whose cover it is and a page that shows it, when the file is not an image', async () => {
    writeFileSync(path.join(out, 'images/broken.jpg'), 'not a jpeg');
    // The catalogue the build read: the file is one course's cover, shown first by a listing.
    const catalogue = path.join(out, 'courses.json');
    writeFileSync(
      catalogue,
      JSON.stringify([
        { id: 'x', image: '/images/broken.jpg' },
        { id: 'y', image: '/a.svg' },
      ]),
    );
    const saved = process.env.CATALOGUE;
    process.env.CATALOGUE = catalogue;
    try {
      pages({ 'index.html': img('/images/broken.jpg'), 'courses/x/index.html': img('/images/broken.jpg') });
      await expect(run({ outDir: out })).rejects.toThrow(
        /images: public\/images\/broken\.jpg \(the cover of course "x", shown by index\.html\): not an image the build can read/,
      );
    } finally {
      if (saved === undefined) delete process.env.CATALOGUE;
      else process.env.CATALOGUE = saved;
    }
    expect(existsSync(path.join(out, '_img/images/broken.jpg.480w.webp'))).toBe(false);
  });

  it('fails when no page shows an image through the loader', async () => {
    pages({ 'index.html': '<p>No images</p>' });
    await expect(run({ outDir: out })).rejects.toThrow(/images: no page of .* shows an image/);
  });

  it('fails when a photo is too small for its slot', async () => {
    writeFileSync(path.join(out, 'images/small.jpg'), await photo(320, 180));
    pages({ 'index.html': img('/images/small.jpg') });
    await expect(run({ outDir: out })).rejects.toThrow(/small\.jpg \(shown by index\.html\) is 320×180 px/);
  });
});
