// Made on first use: building an Intl.NumberFormat costs a slow phone tens of milliseconds, and
// most pages' scripts import this module without formatting anything in the browser.
let usd: Intl.NumberFormat | undefined;
let count: Intl.NumberFormat | undefined;

/** Dollars as stored in the catalogue (19.99) to integer cents (1999), free of float error. */
export function toCents(dollars: number): number {
  return Math.round(dollars * 100);
}

/** Integer cents as '$1,234.56'. The one place money becomes text. */
export function formatPrice(cents: number): string {
  usd ??= new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
  return usd.format(cents / 100);
}

/** A whole number with thousands separators: 18430 → '18,430'. */
export function formatCount(value: number): string {
  count ??= new Intl.NumberFormat('en-US');
  return count.format(value);
}

/** 'English' or ['English', 'Spanish'] → 'English, Spanish'. */
export function formatLanguages(lang: string | readonly string[]): string {
  return typeof lang === 'string' ? lang : lang.join(', ');
}
