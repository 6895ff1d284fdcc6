import { overviewOf } from './filter-bundle.mjs';

describe('a category’s filter overview (its panel’s counts before any filter)', () => {
  it('counts the courses carrying each value, per group, and leaves the category out', () => {
    const records: { filters: Record<string, string[]> }[] = [
      { filters: { category: ['python'], rating: ['4.5', '4.0', '3.5'], lang: ['English', 'Spanish'] } },
      { filters: { category: ['python'], rating: ['4.0', '3.5'], lang: ['English'] } },
      { filters: { category: ['python'], rating: ['3.5'], lang: ['German'], level: ['Beginner'] } },
    ];
    expect(overviewOf(records)).toEqual({
      total: 3,
      counts: {
        rating: { '4.5': 1, '4.0': 2, '3.5': 3 },
        lang: { English: 2, Spanish: 1, German: 1 },
        level: { Beginner: 1 },
      },
    });
  });

  it('is empty for a category without courses', () => {
    expect(overviewOf([])).toEqual({ total: 0, counts: {} });
  });
});
