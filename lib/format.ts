import { applyMoneyPattern, type MoneyPattern } from '@/config/money-format.mjs';

/** '1234567' → '1,234,567': en-US digit groups. */
function groupDigits(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+$)/g, ',');
}

let shopMoneyPattern: MoneyPattern | undefined;

/**
 * How the shop writes money: SHOP_CURRENCY as SHOP_LOCALE writes it, made at build time by
 * config/money.mjs from Intl.NumberFormat and folded into the code (next.config.mjs). Read on
 * first use, not as the module loads: a bundle that imports this module for something else (the
 * first-paint script counts items) must not carry or parse it.
 */
export function shopMoney(): MoneyPattern {
  return (shopMoneyPattern ??= JSON.parse(__SHOP_MONEY__) as MoneyPattern);
}

/**
 * An amount as the catalogue stores it (19.99) in integer minor units of the shop's currency
 * (1999; JPY 1200 → 1200, KWD 1.25 → 1250), free of float error.
 */
export function toMinorUnits(amount: number): number {
  return Math.round(amount * 10 ** shopMoney().digits);
}

/**
 * Integer minor units as the shop writes money: '$1,234.56', '1.234,56 €', '￥1,235'. The one
 * place money becomes text. A pattern rather than Intl.NumberFormat: building a currency
 * formatter loads the locale's currency data, a task of 100 ms on a slow phone the first time
 * the cart page shows a price (format.test.ts holds the two to the same text).
 */
export function formatPrice(minorUnits: number): string {
  return applyMoneyPattern(shopMoney(), minorUnits);
}

/** A whole amount in minor units without its decimals, for round figures: '$10', '10 €'. */
export function formatWholePrice(minorUnits: number): string {
  return applyMoneyPattern(shopMoney(), minorUnits, 0);
}

/** A whole number with thousands separators: 18430 → '18,430'. */
export function formatCount(value: number): string {
  return `${value < 0 ? '-' : ''}${groupDigits(String(Math.round(Math.abs(value))))}`;
}

/** 'English' or ['English', 'Spanish'] → 'English, Spanish'. */
export function formatLanguages(lang: string | readonly string[]): string {
  return typeof lang === 'string' ? lang : lang.join(', ');
}
