/** @jest-environment node */
import { formatCount, formatLanguages, formatPrice, toMinorUnits } from './format';

describe('money', () => {
  it('converts dollars to integer cents without float error', () => {
    expect(toMinorUnits(19.99)).toBe(1999);
    expect(toMinorUnits(0.29)).toBe(29);
    expect(toMinorUnits(90.99)).toBe(9099);
  });

  it('formats cents as US dollars with two decimals', () => {
    expect(formatPrice(3597)).toBe('$35.97');
    expect(formatPrice(0)).toBe('$0.00');
    expect(formatPrice(123456)).toBe('$1,234.56');
  });
});

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

describe('formatPrice and formatCount write what Intl.NumberFormat en-US writes', () => {
  const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
  const plain = new Intl.NumberFormat('en-US');
  const values = [
    0, 1, 9, 10, 99, 100, 101, 999, 1000, 1001, 99999, 100000, 123456, 999999, 1000000, 123456789, -599, -100000,
  ];
  for (let n = 0; n < 500; n++) values.push(Math.floor(((n * 7919) % 10007) ** 1.7));

  it('for prices and counts from 0 to past a million, and below 0', () => {
    for (const value of values) {
      expect([value, formatPrice(value)]).toEqual([value, usd.format(value / 100)]);
      expect([value, formatCount(value)]).toEqual([value, plain.format(value)]);
    }
  });
});
