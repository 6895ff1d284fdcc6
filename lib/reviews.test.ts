import { breakdownMean, countByStars, latestReviewDate, newestFirst } from './reviews';

describe('breakdownMean', () => {
  it('is the mean star of [five, four, three, two, one] counts', () => {
    expect(breakdownMean([60, 30, 10, 0, 0])).toBeCloseTo(4.5);
    expect(breakdownMean([0, 0, 0, 0, 3])).toBe(1);
    expect(breakdownMean([0, 0, 0, 0, 0])).toBeUndefined();
  });
});

describe('countByStars', () => {
  it('counts reviews by their stars, five first', () => {
    expect(countByStars([{ rating: 5 }, { rating: 1 }, { rating: 5 }, { rating: 3 }])).toEqual([2, 0, 1, 0, 1]);
    expect(countByStars([])).toEqual([0, 0, 0, 0, 0]);
  });
});

describe('newestFirst', () => {
  it('orders by date, newest first, keeping the file order of one day, without changing its input', () => {
    const reviews = [
      { date: '2026-01-05', author: 'a' },
      { date: '2026-03-01', author: 'b' },
      { date: '2025-12-31', author: 'c' },
      { date: '2026-03-01', author: 'd' },
    ];
    expect(newestFirst(reviews).map(({ author }) => author)).toEqual(['b', 'd', 'a', 'c']);
    expect(reviews.map(({ author }) => author)).toEqual(['a', 'b', 'c', 'd']);
  });
});

describe('latestReviewDate', () => {
  it('is today in the earliest time zone (UTC+14)', () => {
    expect(latestReviewDate(new Date('2026-11-25T09:59:59Z'))).toBe('2026-11-25');
    expect(latestReviewDate(new Date('2026-11-25T10:00:00Z'))).toBe('2026-11-26');
  });
});
