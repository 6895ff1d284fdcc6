/** @jest-environment node */
import { formatRating, shownStars, starKinds } from './rating';

describe('starKinds (SPEC §9: full if rating ≥ n, half if ≥ n − 0.5, else empty)', () => {
  it.each([
    [5, ['full', 'full', 'full', 'full', 'full']],
    [4.7, ['full', 'full', 'full', 'full', 'half']],
    [4.5, ['full', 'full', 'full', 'full', 'half']],
    [4.4, ['full', 'full', 'full', 'full', 'empty']],
    [4, ['full', 'full', 'full', 'full', 'empty']],
    [3.9, ['full', 'full', 'full', 'half', 'empty']],
    [3.8, ['full', 'full', 'full', 'half', 'empty']],
    [3.5, ['full', 'full', 'full', 'half', 'empty']],
    [3.49, ['full', 'full', 'full', 'empty', 'empty']],
    [0.5, ['half', 'empty', 'empty', 'empty', 'empty']],
    [0, ['empty', 'empty', 'empty', 'empty', 'empty']],
  ])('rating %p gives %p', (rating, expected) => {
    expect(starKinds(rating)).toEqual(expected);
  });

  it('turns a star full exactly at its number and half exactly half a star below', () => {
    expect(starKinds(4.999)[4]).toBe('half');
    expect(starKinds(4.5)[4]).toBe('half');
    expect(starKinds(4.499)[4]).toBe('empty');
    expect(starKinds(4)[3]).toBe('full');
    expect(starKinds(3.999)[3]).toBe('half');
  });
});

describe('shownStars', () => {
  it.each([
    [5, 5],
    [4.7, 4.5],
    [4.5, 4.5],
    [4.4, 4],
    [3.9, 3.5],
    [3.49, 3],
    [0.5, 0.5],
    [0, 0],
  ])('rating %p shows %p stars', (rating, stars) => {
    expect(shownStars(rating)).toBe(stars);
  });
});

describe('formatRating', () => {
  it('shows one decimal', () => {
    expect(formatRating(4)).toBe('4.0');
    expect(formatRating(4.56)).toBe('4.6');
    expect(formatRating(4.7)).toBe('4.7');
  });
});
