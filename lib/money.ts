import { applyMoneyPattern, type MoneyPattern } from '@/config/money-format.mjs';

/*
 * Money as text, in the shop's currency and locale. Apart from lib/format.ts (counts and
 * toMinorUnits()) so that the pattern and its code load only with what writes a price: the cart
 * badge, the first-paint script and the shared layout chunk count items and add up minor units,
 * and every page loads them.
 */

let shopMoneyPattern: MoneyPattern | undefined;

/**
 * How the shop writes money: SHOP_CURRENCY as SHOP_LOCALE writes it, made at build time by
 * config/money.mjs from Intl.NumberFormat and folded into the code (next.config.mjs). Parsed on
 * first use, not as the module loads.
 */
export function shopMoney(): MoneyPattern {
  return (shopMoneyPattern ??= JSON.parse(__SHOP_MONEY__) as MoneyPattern);
}

/**
 * Integer minor units as the shop writes money: '$1,234.56', '1.234,56 €', '￥1,235'. The one
 * place money becomes text. A pattern rather than Intl.NumberFormat: building a currency
 * formatter loads the locale's currency data, a long task on a slow phone the first time the cart
 * page shows a price (config/money.mjs says more); money.test.ts holds the two to the same text.
 */
export function formatPrice(minorUnits: number): string {
  return applyMoneyPattern(shopMoney(), minorUnits);
}

/** A whole amount in minor units without its decimals, for round figures: '$10', '10 €'. */
export function formatWholePrice(minorUnits: number): string {
  return applyMoneyPattern(shopMoney(), minorUnits, 0);
}

/**
 * The course page's saving, from the price struck through to the price shown (minor units):
 * '86% off, you save $78.00'.
 */
export function savingText(struck: number, price: number): string {
  return `${Math.round((1 - price / struck) * 100)}% off, you save ${formatPrice(struck - price)}`;
}
