/** @jest-environment node */
import { formatRating, starKinds } from './rating';

describe('starKinds', () => {
  it.each([
    [5, ['full', 'full', 'full', 'full', 'full']],
    [4.5, ['full', 'full', 'full', 'full', 'half']],
    [4.3, ['full', 'full', 'full', 'full', 'empty']],
    [4.7, ['full', 'full', 'full', 'full', 'half']],
    [3.8, ['full', 'full', 'full', 'half', 'empty']],
    [4, ['full', 'full', 'full', 'full', 'empty']],
    [0, ['empty', 'empty', 'empty', 'empty', 'empty']],
  ])('rating %p gives %p', (rating, expected) => {
    expect(starKinds(rating)).toEqual(expected);
  });

  it('always gives five icons', () => {
    for (let rating = 3.8; rating <= 5; rating += 0.1) expect(starKinds(rating)).toHaveLength(5);
  });
});

describe('formatRating', () => {
  it('shows one decimal', () => {
    expect(formatRating(4)).toBe('4.0');
    expect(formatRating(4.56)).toBe('4.6');
  });
});
