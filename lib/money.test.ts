/** @jest-environment node */
import { toMinorUnits } from './format';
import { formatPrice, formatWholePrice, shopMoney } from './money';

describe('money', () => {
  it('converts dollars to integer cents without float error', () => {
    expect(toMinorUnits(19.99)).toBe(1999);
    expect(toMinorUnits(0.29)).toBe(29);
    expect(toMinorUnits(90.99)).toBe(9099);
  });

  it('adds up minor units with the digits of the pattern that writes them', () => {
    expect(__SHOP_MONEY_DIGITS__).toBe(shopMoney().digits);
  });

  it('formats cents as US dollars with two decimals', () => {
    expect(formatPrice(3597)).toBe('$35.97');
    expect(formatPrice(0)).toBe('$0.00');
    expect(formatPrice(123456)).toBe('$1,234.56');
  });

  it('writes a round figure without its decimals', () => {
    expect(formatWholePrice(1000)).toBe('$10');
  });
});

describe('formatPrice writes what Intl.NumberFormat en-US writes', () => {
  const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
  const values = [
    0, 1, 9, 10, 99, 100, 101, 999, 1000, 1001, 99999, 100000, 123456, 999999, 1000000, 123456789, -599, -100000,
  ];
  for (let n = 0; n < 500; n++) values.push(Math.floor(((n * 7919) % 10007) ** 1.7));

  it('for prices from 0 to past a million, and below 0', () => {
    for (const value of values) expect([value, formatPrice(value)]).toEqual([value, usd.format(value / 100)]);
  });
});
