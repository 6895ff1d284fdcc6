/** @jest-environment node */
import { applyMoneyPattern } from './money-format.mjs';
import { currencyDigits, currencyName, moneyPattern } from './money.mjs';

/*
 * The shop's money pattern, made from Intl.NumberFormat at build time, must write every amount as
 * Intl.NumberFormat itself does, in every currency and locale a shop may pick.
 */

/** [currency, locale], each with something of its own: symbol place, separators, groups, numerals, direction. */
const SHOPS: [string, string][] = [
  ['USD', 'en-US'],
  ['EUR', 'de-DE'],
  ['EUR', 'fr-FR'], // narrow no-break space between groups, no-break space before €
  ['EUR', 'es-ES'], // 1234 not grouped
  ['EUR', 'nl-NL'], // '€ -12,99'
  ['GBP', 'en-GB'],
  ['JPY', 'ja-JP'], // no decimals, full-width yen
  ['KWD', 'ar-KW'], // 3 decimals, Arabic-Indic numerals, right to left
  ['KWD', 'en-KW'],
  ['INR', 'en-IN'], // groups of 3 then 2
  ['ILS', 'he-IL'], // right to left, marks around the minus
  ['EGP', 'ar-EG'],
  ['CHF', 'de-CH'], // apostrophe groups, 'CHF-1.00'
  ['IRR', 'fa-IR'], // Persian numerals, no decimals
];

/** Amounts in units of the currency; each is written in its minor units. */
const AMOUNTS = [0, 1, 99, 1234.5, 1234567.89, 0.05, 10, 999.99, 1000, 12345.67, 100000, 98765432.1, 0.01];

function amountsFor(digits: number): number[] {
  const minor = new Set<number>();
  for (const amount of AMOUNTS) {
    const units = Math.round(amount * 10 ** digits);
    minor.add(units);
    if (units > 0) minor.add(-units);
  }
  for (let n = 0; n < 200; n++) minor.add(Math.floor(((n * 7919) % 10007) ** 1.9));
  return [...minor];
}

describe.each(SHOPS)('the %s %s pattern', (currency, locale) => {
  const intl = new Intl.NumberFormat(locale, { style: 'currency', currency });
  const pattern = moneyPattern(currency, locale);

  it('has the currency\u2019s own decimals', () => {
    expect(pattern.digits).toBe(intl.resolvedOptions().maximumFractionDigits);
    expect(pattern.currency).toBe(currency);
  });

  it('writes what Intl.NumberFormat writes, for 0, small, large and negative amounts', () => {
    for (const minor of amountsFor(pattern.digits)) {
      expect([minor, applyMoneyPattern(pattern, minor)]).toEqual([minor, intl.format(minor / 10 ** pattern.digits)]);
    }
  });

  it('is small: a plain object of a few short strings and numbers', () => {
    expect(JSON.stringify(pattern).length).toBeLessThan(300);
  });
});

describe('moneyPattern', () => {
  it('knows each currency\u2019s decimals from its definition', () => {
    expect(currencyDigits('JPY')).toBe(0);
    expect(currencyDigits('KWD')).toBe(3);
    expect(currencyDigits('USD')).toBe(2);
    expect(moneyPattern('JPY', 'ja-JP').digits).toBe(0);
    expect(moneyPattern('KWD', 'ar-KW').digits).toBe(3);
  });

  it('writes the spec\u2019s examples', () => {
    expect(applyMoneyPattern(moneyPattern('EUR', 'de-DE'), 1299)).toBe('12,99\u00a0€');
    expect(applyMoneyPattern(moneyPattern('JPY', 'ja-JP'), 1200)).toBe('￥1,200');
    expect(applyMoneyPattern(moneyPattern('INR', 'en-IN'), 129900)).toBe('₹1,299.00');
    expect(applyMoneyPattern(moneyPattern('INR', 'en-IN'), 1234567800)).toBe('₹1,23,45,678.00');
    expect(applyMoneyPattern(moneyPattern('GBP', 'en-GB'), 999)).toBe('£9.99');
    expect(applyMoneyPattern(moneyPattern('USD', 'en-US'), 123456)).toBe('$1,234.56');
    expect(applyMoneyPattern(moneyPattern('EUR', 'fr-FR'), 123456)).toBe('1\u202f234,56\u00a0€');
  });

  it('leaves out the decimals of a whole amount when asked (a price band\u2019s label)', () => {
    expect(applyMoneyPattern(moneyPattern('USD', 'en-US'), 1000, 0)).toBe('$10');
    expect(applyMoneyPattern(moneyPattern('EUR', 'de-DE'), 150000, 0)).toBe('1.500\u00a0€');
    expect(applyMoneyPattern(moneyPattern('JPY', 'ja-JP'), 1500, 0)).toBe('￥1,500');
  });
});

describe('currencyName', () => {
  it('names the currency as the footer\u2019s sentence says it', () => {
    expect(currencyName('USD')).toBe('US dollars');
    expect(currencyName('EUR')).toBe('euros');
    expect(currencyName('JPY')).toBe('Japanese yen');
  });
});
