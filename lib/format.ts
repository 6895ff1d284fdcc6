/** '1234567' → '1,234,567': en-US digit groups. */
function groupDigits(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+$)/g, ',');
}

/**
 * An amount as the catalogue stores it (19.99) in integer minor units of the shop's currency
 * (1999; JPY 1200 → 1200, KWD 1.25 → 1250), free of float error. The currency's digits are
 * folded in at build time (`__SHOP_MONEY_DIGITS__`, next.config.mjs), so that adding up a cart
 * carries no money pattern; writing money is lib/money.ts.
 */
export function toMinorUnits(amount: number): number {
  return Math.round(amount * 10 ** __SHOP_MONEY_DIGITS__);
}

/** A whole number with thousands separators: 18430 → '18,430'. */
export function formatCount(value: number): string {
  return `${value < 0 ? '-' : ''}${groupDigits(String(Math.round(Math.abs(value))))}`;
}

/** 'English' or ['English', 'Spanish'] → 'English, Spanish'. */
export function formatLanguages(lang: string | readonly string[]): string {
  return typeof lang === 'string' ? lang : lang.join(', ');
}
