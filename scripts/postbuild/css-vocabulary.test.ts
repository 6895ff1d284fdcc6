import { selectorAttributes, vocabularyKey } from './css-vocabulary.mjs';

const css =
  'abbr:where([title]){text-decoration:underline dotted}[data-star]{width:14px}[data-star=full]{mask:none}' +
  '.grid-cols-\\[auto_1fr\\]{grid-template-columns:auto 1fr}';
const links = ['<link rel="stylesheet" href="/a.css" data-precedence="next"/>'];

const coursePage = (id: string, rating: string, stars: string[]) =>
  `<html><body><main data-pagefind-meta="id[data-search-id]"><h1 class="text-3xl font-bold" title="${id}">${id}</h1>` +
  `<span data-search-id="${id}" data-search-rating_star="${rating}"></span>` +
  stars.map((star) => `<span data-star="${star}"></span>`).join('') +
  `<script>self.__next_f.push([1,"<b class=\\"not-markup\\">"])</script></main></body></html>`;

describe('selectorAttributes', () => {
  it('finds the attributes the selectors test, and whether they test the value', () => {
    const attributes = selectorAttributes(css);
    expect(attributes.get('data-star')).toBe(true);
    expect(attributes.get('title')).toBe(false);
    expect(attributes.has('data-search-id')).toBe(false);
  });
});

describe('vocabularyKey', () => {
  const attributes = selectorAttributes(css);

  it('is the same for two pages of one template whose untested attributes differ (one beasties run for all courses)', () => {
    expect(vocabularyKey(coursePage('py-101', '4.7', ['full']), links, attributes)).toBe(
      vocabularyKey(coursePage('py-102', '3.9', ['full']), links, attributes),
    );
  });

  it('differs when a tested attribute value differs, or a class, so such pages get their own CSS', () => {
    const full = vocabularyKey(coursePage('py-101', '4.7', ['full']), links, attributes);
    expect(vocabularyKey(coursePage('py-101', '4.7', ['half']), links, attributes)).not.toBe(full);
    expect(
      vocabularyKey(coursePage('py-101', '4.7', ['full']).replace('font-bold', 'italic'), links, attributes),
    ).not.toBe(full);
  });

  it('reads tags, classes and tested attributes from the markup, not from scripts', () => {
    const words = vocabularyKey(coursePage('py-101', '4.7', ['full', 'half']), links, attributes).split('\n');
    expect(words).toEqual(
      expect.arrayContaining(['<h1', '.text-3xl', '.font-bold', '[title]', '[data-star=full]', '[data-star=half]']),
    );
    expect(words).not.toContain('.not-markup');
    expect(words.some((word) => word.includes('data-search'))).toBe(false);
  });
});
