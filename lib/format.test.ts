/** @jest-environment node */
import { formatCount, formatLanguages, formatPrice, toCents } from './format';

describe('money', () => {
  it('converts dollars to integer cents without float error', () => {
    expect(toCents(19.99)).toBe(1999);
    expect(toCents(0.29)).toBe(29);
    expect(toCents(90.99)).toBe(9099);
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
