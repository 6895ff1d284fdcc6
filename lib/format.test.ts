/** @jest-environment node */
import { formatCount, formatLanguages } from './format';

describe('formatCount', () => {
  it('groups thousands', () => {
    expect(formatCount(18430)).toBe('18,430');
    expect(formatCount(204000)).toBe('204,000');
    expect(formatCount(87)).toBe('87');
  });
});

describe('formatLanguages', () => {
  it('accepts one language or a list', () => {
    expect(formatLanguages('English')).toBe('English');
    expect(formatLanguages(['English', 'Spanish'])).toBe('English, Spanish');
  });
});

describe('formatCount writes what Intl.NumberFormat en-US writes', () => {
  const plain = new Intl.NumberFormat('en-US');
  const values = [
    0, 1, 9, 10, 99, 100, 101, 999, 1000, 1001, 99999, 100000, 123456, 999999, 1000000, 123456789, -599, -100000,
  ];
  for (let n = 0; n < 500; n++) values.push(Math.floor(((n * 7919) % 10007) ** 1.7));

  it('for counts from 0 to past a million, and below 0', () => {
    for (const value of values) expect([value, formatCount(value)]).toEqual([value, plain.format(value)]);
  });
});
