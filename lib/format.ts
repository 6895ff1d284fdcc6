/** '1234567' → '1,234,567': en-US digit groups. */
function groupDigits(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+$)/g, ',');
}

/** Dollars as stored in the catalogue (19.99) to integer cents (1999), free of float error. */
export function toCents(dollars: number): number {
  return Math.round(dollars * 100);
}

/**
 * Integer cents as '$1,234.56'. The one place money becomes text. Written out rather than with
 * Intl.NumberFormat: building a currency formatter loads the locale's currency data, a task of
 * 100 ms on a slow phone the first time the cart page shows a price (format.test.ts holds the
 * two to the same text).
 */
export function formatPrice(cents: number): string {
  const whole = Math.round(Math.abs(cents));
  const sign = cents < 0 ? '-' : '';
  return `${sign}$${groupDigits(String(Math.floor(whole / 100)))}.${String(whole % 100).padStart(2, '0')}`;
}

/** A whole number with thousands separators: 18430 → '18,430'. */
export function formatCount(value: number): string {
  return `${value < 0 ? '-' : ''}${groupDigits(String(Math.round(Math.abs(value))))}`;
}

/** 'English' or ['English', 'Spanish'] → 'English, Spanish'. */
export function formatLanguages(lang: string | readonly string[]): string {
  return typeof lang === 'string' ? lang : lang.join(', ');
}
