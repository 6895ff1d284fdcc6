// @ts-check
/**
 * Writing an amount with the shop's money pattern (config/money.mjs makes it at build time from
 * Intl.NumberFormat): plain string work, no Intl, so it costs the browser nothing to load.
 * lib/money.ts formatPrice() is this with the shop's pattern.
 */

/**
 * How the shop writes money: everything formatPrice() needs, nothing else.
 * @typedef {{ currency: string, digits: number, prefix: string, suffix: string, minusPrefix: string,
 *   minusSuffix: string, decimal: string, group: string, groups: [number, number], minGroup: number,
 *   numerals: string }} MoneyPattern
 * `digits`: the currency's decimals (JPY 0, KWD 3). `prefix`/`suffix` surround a positive
 * amount's number, `minusPrefix`/`minusSuffix` a negative one's (symbol, spaces, minus and
 * bidirectional marks as the locale writes them). `groups`: the size of the last group of the
 * whole part and of each group before it (en-IN: [3, 2]; [0, 0] when the locale does not group).
 * `minGroup`: a whole part is grouped only when it has at least `groups[0] + minGroup` digits
 * (es-ES writes 1234 ungrouped). `numerals`: the ten digits when they are not 0–9 (ar-EG), else ''.
 */

/**
 * An amount in minor units written with `pattern`; `digits` 0 leaves out the decimals of a whole
 * amount (a price band's '$10'). config/money.mjs checks it against Intl as it makes a pattern.
 * @param {MoneyPattern} pattern @param {number} minor @param {number} [digits]
 */
export function applyMoneyPattern(pattern, minor, digits = pattern.digits) {
  const abs = Math.round(Math.abs(minor));
  const scale = 10 ** pattern.digits;
  let whole = String(Math.floor(abs / scale));
  const [primary, secondary] = pattern.groups;
  if (primary > 0 && whole.length >= primary + pattern.minGroup) {
    let grouped = whole.slice(-primary);
    for (let end = whole.length - primary; end > 0; end -= secondary)
      grouped = `${whole.slice(Math.max(0, end - secondary), end)}${pattern.group}${grouped}`;
    whole = grouped;
  }
  let text = digits > 0 ? `${whole}${pattern.decimal}${String(abs % scale).padStart(pattern.digits, '0')}` : whole;
  if (pattern.numerals) text = text.replace(/[0-9]/g, (digit) => pattern.numerals[Number(digit)] ?? digit);
  return minor < 0
    ? `${pattern.minusPrefix}${text}${pattern.minusSuffix}`
    : `${pattern.prefix}${text}${pattern.suffix}`;
}
