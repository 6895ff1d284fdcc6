// @ts-check
/**
 * The shop's money format, made at build time: Intl.NumberFormat of SHOP_LOCALE and SHOP_CURRENCY
 * is asked once, here, how it writes amounts (its symbol and where it sits, the separators, the
 * digit groups, the numerals, the minus), and the answer is a small plain object that
 * next.config.mjs folds into the code as `__SHOP_MONEY__`. formatPrice() (lib/money.ts) applies
 * it, so no page builds a currency formatter in the browser (loading the locale's currency data
 * is a long task on a slow phone: docs/performance.md, 'Figures behind the code'). Plain
 * JavaScript because next.config.mjs reads it as it is.
 */

import { applyMoneyPattern } from './money-format.mjs';

/** The shop's currency and locale when SHOP_CURRENCY and SHOP_LOCALE are not set. */
export const DEFAULT_CURRENCY = 'USD';
export const DEFAULT_LOCALE = 'en-US';

/** Amounts the pattern is checked against when it is made, in minor units. */
const PROBES = [0, 1, 5, 99, 100, 999, 1000, 1234, 10000, 12345, 100000, 123456, 1234567, 123456789, 12345678901];

/**
 * @param {string} locale @param {string} currency
 */
function currencyFormat(locale, currency) {
  return new Intl.NumberFormat(locale, { style: 'currency', currency });
}

/**
 * The decimals `currency` has, as the locale's currency data says (JPY 0, KWD 3).
 * @param {string} currency @param {string} [locale]
 */
export function currencyDigits(currency, locale = DEFAULT_LOCALE) {
  return currencyFormat(locale, currency).resolvedOptions().maximumFractionDigits ?? 2;
}

/** The parts of a number itself, as opposed to its symbol, sign and spacing. */
const NUMBER_PARTS = new Set(['integer', 'group', 'decimal', 'fraction']);

/**
 * The text before and after the number, and the number's own parts.
 * @param {Intl.NumberFormatPart[]} parts
 */
function split(parts) {
  const first = parts.findIndex((part) => NUMBER_PARTS.has(part.type));
  const last = parts.findLastIndex((part) => NUMBER_PARTS.has(part.type));
  const text = (/** @type {Intl.NumberFormatPart[]} */ list) => list.map((part) => part.value).join('');
  return {
    before: text(parts.slice(0, first)),
    number: parts.slice(first, last + 1),
    after: text(parts.slice(last + 1)),
  };
}

/**
 * How `locale` writes amounts of `currency`, from Intl.NumberFormat#formatToParts. Throws when the
 * pattern would write any probe amount otherwise than Intl does (a format it cannot express).
 * @param {string} currency ISO 4217, e.g. 'EUR'
 * @param {string} locale BCP 47, e.g. 'de-DE'
 * @returns {import('./money-format.mjs').MoneyPattern}
 */
export function moneyPattern(currency, locale) {
  const format = currencyFormat(locale, currency);
  const { maximumFractionDigits, minimumFractionDigits } = format.resolvedOptions();
  const digits = maximumFractionDigits ?? 2;
  if (minimumFractionDigits !== digits)
    throw new Error(`${locale} writes ${currency} with a varying number of decimals`);
  const scale = 10 ** digits;
  const amount = (/** @type {number} */ minor) => minor / scale;

  const positive = split(format.formatToParts(amount(12345678901)));
  const negative = split(format.formatToParts(amount(-12345678901)));
  const wholeParts = positive.number.filter((part) => part.type === 'integer').map((part) => part.value.length);
  const groupPart = positive.number.find((part) => part.type === 'group');
  const primary = wholeParts.length > 1 ? (wholeParts.at(-1) ?? 0) : 0;
  const secondary = wholeParts.length > 2 ? (wholeParts.at(-2) ?? 0) : primary;
  let minGroup = 1;
  if (primary > 0)
    while (minGroup < 4 && !format.formatToParts(10 ** (primary + minGroup - 1)).some((part) => part.type === 'group'))
      minGroup++;
  const numeral = (/** @type {number} */ digit) =>
    format.formatToParts(digit).find((part) => part.type === 'integer')?.value ?? String(digit);
  const numerals = Array.from({ length: 10 }, (_, digit) => numeral(digit)).join('');

  /** @type {import('./money-format.mjs').MoneyPattern} */
  const pattern = {
    currency,
    digits,
    prefix: positive.before,
    suffix: positive.after,
    minusPrefix: negative.before,
    minusSuffix: negative.after,
    decimal: digits > 0 ? (positive.number.find((part) => part.type === 'decimal')?.value ?? '.') : '',
    group: groupPart?.value ?? '',
    groups: [primary, secondary],
    minGroup,
    numerals: numerals === '0123456789' ? '' : numerals,
  };
  for (const probe of PROBES.flatMap((minor) => (minor === 0 ? [0] : [minor, -minor]))) {
    const expected = format.format(amount(probe));
    const written = applyMoneyPattern(pattern, probe);
    if (written !== expected)
      throw new Error(
        `${locale} writes ${currency} in a way the shop's money pattern cannot: ${JSON.stringify(expected)} for ${amount(probe)}, the pattern ${JSON.stringify(written)}`,
      );
  }
  return pattern;
}

/**
 * The currency's name as a sentence says prices are in it, in English like the site's text:
 * 'US dollars', 'euros', 'Japanese yen'. Build time only (it builds an Intl formatter).
 * @param {string} currency
 */
export function currencyName(currency) {
  const parts = new Intl.NumberFormat('en', { style: 'currency', currency, currencyDisplay: 'name' }).formatToParts(2);
  return parts.find((part) => part.type === 'currency')?.value ?? currency;
}
