/*
 * The buyer's local price (README, 'Selling'; PADDLE_LOCAL_PRICES), as pure functions: the request
 * for Paddle's pricing preview, and what a preview's answer shows on the course page and in the
 * cart. The answer comes from a third party's script, so every field is checked: anything
 * unexpected shows nothing, and the shop's own price stays.
 */

/** How long the buyer's local price may take, from the page's idle moment; after that the shop's price stays. */
export const LOCAL_PRICE_TIMEOUT_MS = 4_000;

/**
 * What Paddle.PricePreview is asked: each price once, and the discount of the visitor's code by its
 * id at Paddle (the preview takes no code).
 */
export type PreviewRequest = { items: { priceId: string; quantity: 1 }[]; discountId?: string };

export function previewRequest(priceIds: readonly string[], discountId?: string): PreviewRequest {
  return {
    items: [...new Set(priceIds)].map((priceId) => ({ priceId, quantity: 1 })),
    ...(discountId ? { discountId } : {}),
  };
}

/**
 * Whether to ask for a preview, given the visit's code as judged (lib/browser/coupon.ts), and with
 * which discount: none without a code or with one that does not apply; Paddle's id of the code's
 * discount when it applies. A code still being judged waits (the buyer never sees one price, then
 * another), and so does one the shop gave no Paddle id (coupons file, `paddle_discount_id`): the
 * preview takes no code, and a local price without the code would read above the page's own.
 */
export function previewDiscount(
  coupon: { status: string; rule?: { paddleDiscountId?: string } } | null,
): { ask: false } | { ask: true; discountId?: string } {
  if (!coupon || (coupon.status !== 'applies' && coupon.status !== 'pending')) return { ask: true };
  const discountId = coupon.status === 'applies' ? coupon.rule?.paddleDiscountId : undefined;
  return discountId ? { ask: true, discountId } : { ask: false };
}

/** What the pages show: each course's local price with tax, and the cart's total when every course has one. */
export type LocalPrices = {
  /** ISO 4217, as Paddle answered. */
  currency: string;
  /** Course id to its price as Paddle wrote it, labelled with its currency (e.g. '€14.28 EUR'). */
  byCourse: Record<string, string>;
  /** The sum of every course's price, written as Paddle writes them; null when one is missing. */
  total: string | null;
};

/** A line of the preview, as far as we read it. */
export type Line = { priceId: string; formatted: string; minor: number };

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

function lineOf(item: unknown): Line | null {
  if (!isRecord(item) || !isRecord(item.price) || !isRecord(item.totals) || !isRecord(item.formattedTotals))
    return null;
  const { id } = item.price;
  const total = item.totals.total;
  const formatted = item.formattedTotals.total;
  if (typeof id !== 'string' || typeof formatted !== 'string' || formatted.trim() === '') return null;
  // Lowest denomination, as a string of digits.
  if (typeof total !== 'string' || !/^\d{1,15}$/.test(total)) return null;
  return { priceId: id, formatted: formatted.trim(), minor: Number(total) };
}

/** `formatted` labelled with its currency, unless Paddle already wrote the code in it. */
export function withCurrency(formatted: string, currency: string): string {
  return formatted.includes(currency) ? formatted : `${formatted} ${currency}`;
}

/**
 * What a Paddle.PricePreview answer shows for `courses` (course id and its price id, none for a
 * course Paddle cannot sell), or null when it is not an answer we can read, or it prices none of
 * them. The total needs every course.
 */
export function localPricesFrom(
  response: unknown,
  courses: readonly (readonly [courseId: string, priceId: string | undefined])[],
): LocalPrices | null {
  if (!isRecord(response) || !isRecord(response.data)) return null;
  const { currencyCode, details } = response.data;
  if (typeof currencyCode !== 'string' || !/^[A-Z]{3}$/.test(currencyCode)) return null;
  if (!isRecord(details) || !Array.isArray(details.lineItems)) return null;
  const lines = new Map<string, Line>();
  for (const item of details.lineItems) {
    const line = lineOf(item);
    if (line) lines.set(line.priceId, line);
  }
  const byCourse: Record<string, string> = {};
  const priced: Line[] = [];
  for (const [courseId, priceId] of courses) {
    const line = priceId === undefined ? undefined : lines.get(priceId);
    if (!line) continue;
    byCourse[courseId] = withCurrency(line.formatted, currencyCode);
    priced.push(line);
  }
  if (priced.length === 0) return null;
  const complete = priced.length === courses.length;
  const sum = priced.reduce((total, { minor }) => total + minor, 0);
  const written = complete ? formatLike(priced, sum, currencyCode) : null;
  return { currency: currencyCode, byCourse, total: written === null ? null : withCurrency(written, currencyCode) };
}

/** Currencies Paddle counts in whole units; every other one it sells in has two decimals. */
const ZERO_DECIMAL = new Set(['JPY', 'KRW', 'VND']);

/**
 * `minor` (lowest denomination of `currency`) written the way Paddle wrote `samples`: their symbol,
 * its place and their separators, so that the page builds no currency formatter (the issue's rule
 * for the shop's own prices holds for the buyer's too). Null when the samples do not show how: an
 * amount they do not spell out, or a total that needs a thousands separator none of them has.
 */
export function formatLike(samples: readonly Line[], minor: number, currency: string): string | null {
  if (!Number.isSafeInteger(minor) || minor < 0) return null;
  const sample = samples.reduce<Line | undefined>(
    (widest, line) => (widest && widest.minor >= line.minor ? widest : line),
    undefined,
  );
  if (!sample) return null;
  const run = /\d(?:[\d\s\u00a0\u202f.,'’]*\d)?/.exec(sample.formatted);
  if (!run) return null;
  const text = run[0];
  if (Number(text.replace(/\D/g, '')) !== sample.minor) return null;
  const digits = ZERO_DECIMAL.has(currency) ? 0 : 2;
  let integerText = text;
  let decimalSeparator = '';
  if (digits > 0) {
    decimalSeparator = text.charAt(text.length - digits - 1);
    if (!/^\D$/.test(decimalSeparator) || /\D/.test(text.slice(-digits))) return null;
    integerText = text.slice(0, -digits - 1);
  }
  const groupSeparator = /\D+/.exec(integerText)?.[0];
  const units = Math.floor(minor / 10 ** digits);
  const fraction = String(minor % 10 ** digits).padStart(digits, '0');
  let integer = String(units);
  if (integer.length > 3) {
    // A sample of four digits or more without a separator shows there is none; a shorter one says nothing.
    if (groupSeparator === undefined && integerText.length <= 3) return null;
    if (groupSeparator !== undefined) integer = integer.replace(/\B(?=(\d{3})+$)/g, groupSeparator);
  }
  const before = sample.formatted.slice(0, run.index);
  const after = sample.formatted.slice(run.index + text.length);
  return `${before}${integer}${digits > 0 ? `${decimalSeparator}${fraction}` : ''}${after}`;
}
