import {
  activeCount,
  bandOf,
  courseFilterValues,
  emptyFilters,
  filterSearch,
  hasFilters,
  knownLanguages,
  LENGTH_BANDS,
  optionCounts,
  parseFilterAddress,
  PRICE_BANDS,
  ratingValues,
  toggleFilter,
  toPagefindFilters,
  withFilters,
  type FilterState,
} from './filters';

function state(partial: Partial<FilterState>): FilterState {
  return { ...emptyFilters(), ...partial };
}

describe('the bands', () => {
  it('indexes a rating under every choice it meets', () => {
    expect(ratingValues(4.7)).toEqual(['4.5', '4.0', '3.5']);
    expect(ratingValues(4.5)).toEqual(['4.5', '4.0', '3.5']);
    expect(ratingValues(4.49)).toEqual(['4.0', '3.5']);
    expect(ratingValues(3.8)).toEqual(['3.5']);
  });

  it('puts each price in exactly one band, lower bound included', () => {
    expect(bandOf(PRICE_BANDS, 599)?.value).toBe('0-10');
    expect(bandOf(PRICE_BANDS, 999)?.value).toBe('0-10');
    expect(bandOf(PRICE_BANDS, 1000)?.value).toBe('10-15');
    expect(bandOf(PRICE_BANDS, 1999)?.value).toBe('15-20');
    expect(bandOf(PRICE_BANDS, 999999)?.value).toBe('20-up');
  });

  it('has bands that follow on from each other with no gap', () => {
    for (const bands of [PRICE_BANDS, LENGTH_BANDS]) {
      expect(bands[0]?.min).toBe(0);
      bands.slice(1).forEach((band, index) => expect(band.min).toBe(bands[index]?.max));
      expect(bands.at(-1)?.max).toBeUndefined();
    }
  });

  it('gives a course its languages, price band, level and length band', () => {
    const lecture = (minutes: number) => ({ title: 'L', minutes });
    expect(
      courseFilterValues({
        rating_star: 4.2,
        lang: ['English', 'Spanish'],
        discounted_price: 12.99,
        level: 'Beginner',
        content: [{ title: 'S', lectures: [lecture(100), lecture(100)] }],
      }),
    ).toEqual({
      rating: ['4.0', '3.5'],
      lang: ['English', 'Spanish'],
      price: ['10-15'],
      level: ['Beginner'],
      length: ['3-6'],
    });
  });

  it('leaves out level and length when the catalogue does not give them', () => {
    const values = courseFilterValues({ rating_star: 5, lang: 'German', discounted_price: 25, content: ['Intro'] });
    expect(values).toMatchObject({ lang: ['German'], price: ['20-up'], level: [], length: [] });
  });
});

describe('the filters in the address', () => {
  it('reads and writes every group, one spelling per state', () => {
    const address = {
      filters: state({ rating: ['4.5'], lang: ['Spanish', 'French'], price: ['15-20', '0-10'] }),
      page: 2,
    };
    const search = filterSearch(address);
    expect(search).toBe('?rating=4.5&lang=French&lang=Spanish&price=0-10&price=15-20&page=2');
    expect(parseFilterAddress(search)).toEqual({
      filters: state({ rating: ['4.5'], lang: ['French', 'Spanish'], price: ['0-10', '15-20'] }),
      page: 2,
    });
    expect(filterSearch(parseFilterAddress(search))).toBe(search);
  });

  it('writes nothing without filters, and no page 1', () => {
    expect(filterSearch({ filters: emptyFilters(), page: 3 })).toBe('');
    expect(filterSearch({ filters: state({ level: ['All levels'] }), page: 1 })).toBe('?level=All+levels');
  });

  it('replaces the filters of a query and keeps its other parameters', () => {
    const address = { filters: state({ lang: ['Spanish'] }), page: 1 };
    expect(withFilters('?q=python&rating=4.5&page=3', address)).toBe('?q=python&lang=Spanish');
    expect(withFilters('?q=python&rating=4.5', { filters: emptyFilters(), page: 1 })).toBe('?q=python');
    expect(withFilters('', { filters: emptyFilters(), page: 1 })).toBe('');
    expect(withFilters('', address)).toBe('?lang=Spanish');
  });

  it('ignores parameters that are not filters', () => {
    expect(parseFilterAddress('?utm_source=mail')).toEqual({ filters: emptyFilters(), page: 1 });
    expect(parseFilterAddress('?length=1-3&utm_source=mail').filters).toEqual(state({ length: ['1-3'] }));
  });

  it.each([
    ['an unknown rating', '?rating=9'],
    ['two ratings', '?rating=4.5&rating=4.0'],
    ['an unknown price band', '?price=free&lang=Spanish'],
    ['an unknown level', '?level=Expert'],
    ['an empty language', '?lang='],
    ['a repeated value', '?lang=Spanish&lang=Spanish'],
    ['a malformed page', '?rating=4.5&page=0'],
    ['a page that is not a number', '?rating=4.5&page=2x'],
    ['two pages', '?rating=4.5&page=2&page=3'],
    ['a page without filters', '?page=2'],
    ['percent garbage', '?rating=%E0%A4%A'],
  ])('gives the unfiltered listing for %s', (_, search) => {
    expect(parseFilterAddress(search)).toEqual({ filters: emptyFilters(), page: 1 });
  });

  it('checks the chosen languages against those the index has', () => {
    expect(knownLanguages(state({ lang: ['Spanish'] }), ['English', 'Spanish'])).toBe(true);
    expect(knownLanguages(state({ lang: ['Klingon'] }), ['English', 'Spanish'])).toBe(false);
  });
});

describe('choosing', () => {
  it('replaces the rating, and adds and removes other choices in the panel order', () => {
    let filters = toggleFilter(emptyFilters(), 'rating', '4.5');
    filters = toggleFilter(filters, 'rating', '4.0');
    expect(filters.rating).toEqual(['4.0']);
    filters = toggleFilter(toggleFilter(filters, 'price', '15-20'), 'price', '0-10');
    expect(filters.price).toEqual(['0-10', '15-20']);
    filters = toggleFilter(filters, 'lang', 'Spanish');
    expect(activeCount(filters)).toBe(4);
    filters = toggleFilter(toggleFilter(toggleFilter(filters, 'price', '0-10'), 'price', '15-20'), 'rating', '4.0');
    expect(hasFilters(filters)).toBe(true);
    expect(hasFilters(toggleFilter(filters, 'lang', 'Spanish'))).toBe(false);
  });
});

describe('the counts', () => {
  it('asks Pagefind for AND between groups and OR within one, with or without a group', () => {
    const filters = state({ rating: ['4.5'], lang: ['French', 'Spanish'] });
    expect(toPagefindFilters(filters)).toEqual({
      rating: { any: ['4.5'] },
      lang: { any: ['French', 'Spanish'] },
    });
    expect(toPagefindFilters(filters, 'lang')).toEqual({ rating: { any: ['4.5'] } });
  });

  it('counts a group with a choice from the search without it, and the others from the main search', () => {
    const filters = state({ lang: ['Spanish'] });
    const main = { lang: { Spanish: 10, English: 4 }, rating: { '4.5': 6, '4.0': 9 } };
    const withoutLang = { lang: { Spanish: 10, English: 50, German: 0 }, rating: { '4.5': 30 } };
    const counts = optionCounts(filters, main, { lang: withoutLang });
    expect(counts.lang).toEqual({ Spanish: 10, English: 50, German: 0 });
    expect(counts.rating).toEqual({ '4.5': 6, '4.0': 9 });
    expect(counts.price).toEqual({});
  });
});
