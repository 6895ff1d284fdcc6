import imageLoader from './image-loader';
import { IMAGE_WIDTHS, variantPath } from '../config/image-variants.mjs';

describe('imageLoader', () => {
  it('names the WebP variant of a public file at the width next/image asks for', () => {
    expect(imageLoader({ src: '/images/courses/py-101.svg', width: 480 })).toBe(
      '/_img/images/courses/py-101.svg.480w.webp',
    );
    expect(imageLoader({ src: '/images/photos/a%20b.jpg', width: 720, quality: 75 })).toBe(
      '/_img/images/photos/a%20b.jpg.720w.webp',
    );
  });

  it('adds the base path of a sub-path build', () => {
    jest.resetModules();
    process.env.NEXT_PUBLIC_BASE_PATH = '/storefront';
    try {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const loader: typeof imageLoader = require('./image-loader').default;
      expect(loader({ src: '/images/banner.svg', width: 320 })).toBe('/storefront/_img/images/banner.svg.320w.webp');
    } finally {
      delete process.env.NEXT_PUBLIC_BASE_PATH;
    }
  });
});

describe('variant paths', () => {
  it('name one file for each source and width, apart from every source file', () => {
    const sources = ['/images/a.b/c.png', '/images/a.b/c.png.480w', '/images/a/b.c.png', '/images/courses/py-101.svg'];
    const paths = sources.flatMap((source) => IMAGE_WIDTHS.map((width) => variantPath(source, width)));
    expect(new Set(paths).size).toBe(sources.length * IMAGE_WIDTHS.length);
    for (const file of paths) expect(file).toMatch(/^\/_img\/images\/.+\.\d+w\.webp$/);
  });

  it('step at most 1.5× apart, so no slot gets an image more than 1.5× its size', () => {
    for (let i = 1; i < IMAGE_WIDTHS.length; i++) {
      expect(IMAGE_WIDTHS[i]! / IMAGE_WIDTHS[i - 1]!).toBeLessThanOrEqual(1.5);
    }
  });
});
