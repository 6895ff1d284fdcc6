/** @jest-environment node */
import { getCoursesByCategory } from './server/catalogue';
import {
  isSortKey,
  parseMonthYear,
  parseSort,
  SORT_OPTIONS,
  sortCourses,
  sortLabel,
  type SortableCourse,
} from './sort';

type Item = SortableCourse & { id: string };

const items: Item[] = [
  { id: 'a', students: 300, rating_star: 4.5, updated_date: '03/2026', discounted_price: 12.99 },
  { id: 'b', students: 1200, rating_star: 4.8, updated_date: '11/2025', discounted_price: 9.99 },
  { id: 'c', students: 50, rating_star: 4.5, updated_date: '12/2026', discounted_price: 19.99 },
  { id: 'd', students: 1200, rating_star: 3.9, updated_date: '01/2026', discounted_price: 9.99 },
];

const ids = (list: readonly Item[]) => list.map((item) => item.id);

describe('parseSort', () => {
  it('accepts every listed option', () => {
    for (const option of SORT_OPTIONS) expect(parseSort(option.value)).toBe(option.value);
  });

  it('falls back to relevance for a missing or unknown value', () => {
    expect(parseSort(null)).toBe('relevance');
    expect(parseSort(undefined)).toBe('relevance');
    expect(parseSort('')).toBe('relevance');
    expect(parseSort('cheapest')).toBe('relevance');
    expect(parseSort('PRICE-ASC')).toBe('relevance');
  });
});

describe('isSortKey', () => {
  it('accepts exactly the listed values', () => {
    for (const option of SORT_OPTIONS) expect(isSortKey(option.value)).toBe(true);
    for (const value of [null, undefined, '', 'cheapest', 'PRICE-ASC', ' newest', 'price-asc/']) {
      expect(isSortKey(value)).toBe(false);
    }
  });
});

describe('sortLabel', () => {
  it('names an order as the select lists it', () => {
    expect(sortLabel('price-asc')).toBe('Price: low to high');
    expect(sortLabel('relevance')).toBe('Most relevant');
  });
});

describe('parseMonthYear', () => {
  it('orders month/year text in time', () => {
    expect(parseMonthYear('12/2025')).toBeLessThan(parseMonthYear('01/2026'));
    expect(parseMonthYear('01/2026')).toBeLessThan(parseMonthYear('02/2026'));
    expect(parseMonthYear('2/2026')).toBe(parseMonthYear('02/2026'));
  });

  it('treats unreadable dates as oldest', () => {
    expect(parseMonthYear('soon')).toBe(Number.NEGATIVE_INFINITY);
    expect(parseMonthYear('13/2026')).toBe(Number.NEGATIVE_INFINITY);
  });
});

describe('sortCourses', () => {
  it('keeps catalogue order for relevance', () => {
    expect(ids(sortCourses(items, 'relevance'))).toEqual(['a', 'b', 'c', 'd']);
  });

  it('orders by students, most first, keeping catalogue order on a tie', () => {
    expect(ids(sortCourses(items, 'popular'))).toEqual(['b', 'd', 'a', 'c']);
  });

  it('orders by rating, highest first', () => {
    expect(ids(sortCourses(items, 'rating'))).toEqual(['b', 'a', 'c', 'd']);
  });

  it('orders by update date, newest first, reading MM/YYYY', () => {
    expect(ids(sortCourses(items, 'newest'))).toEqual(['c', 'a', 'd', 'b']);
  });

  it('orders by discounted price both ways', () => {
    expect(ids(sortCourses(items, 'price-asc'))).toEqual(['b', 'd', 'a', 'c']);
    expect(ids(sortCourses(items, 'price-desc'))).toEqual(['c', 'a', 'b', 'd']);
  });

  it('returns a copy and leaves the input alone', () => {
    const before = ids(items);
    const sorted = sortCourses(items, 'price-desc');
    expect(ids(items)).toEqual(before);
    expect(sorted).not.toBe(items);
    expect(sortCourses(items, 'relevance')).not.toBe(items);
  });

  it('sorts a category of the catalogue by price', () => {
    const prices = sortCourses(getCoursesByCategory('python'), 'price-asc').map((course) => course.discounted_price);
    expect(prices).toEqual([...prices].sort((x, y) => x - y));
    expect(prices).toEqual([7.99, 9.99, 11.99, 12.99, 19.99]);
  });
});
