/**
 * How the shop writes money (config/money.mjs MoneyPattern, as JSON), folded in at compile time from
 * SHOP_CURRENCY and SHOP_LOCALE (next.config.mjs, compiler.define, which takes only strings, numbers
 * and booleans; config/bundles.mjs, the same values for the export's own bundles; jest.config.mjs and playwright.config.ts, globals).
 */
declare const __SHOP_MONEY__: string;

/** The decimals of the shop's currency (the pattern's `digits`: USD 2, JPY 0, KWD 3), folded in the same way. */
declare const __SHOP_MONEY_DIGITS__: number;
