import { applyMoneyPattern } from '@/config/money-format.mjs';
import { moneyPattern } from '@/config/money.mjs';

/*
 * The shop's money of the sub-path build (package.json, build:subpath: SHOP_CURRENCY=EUR
 * SHOP_LOCALE=de-DE), made as next.config.mjs makes it, so that its specs write prices as that
 * build does. The specs of the other builds use lib/money.ts formatPrice(), which is the
 * environment's (US dollars).
 */
export const SUBPATH_CURRENCY = 'EUR';
export const SUBPATH_LOCALE = 'de-DE';

const subpathMoney = moneyPattern(SUBPATH_CURRENCY, SUBPATH_LOCALE);

/** An amount as the catalogue stores it (12.99), written as the sub-path build writes it ('12,99 €'). */
export function subpathPrice(amount: number): string {
  return applyMoneyPattern(subpathMoney, Math.round(amount * 10 ** subpathMoney.digits));
}
