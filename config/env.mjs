// @ts-check
/**
 * Every environment variable that configures the site, read and checked in one place with zod:
 * next.config.mjs, the export's scripts and the server code that needs one read them here, and a
 * bad value stops the build naming the variable. Plain JavaScript (checked by TypeScript) because
 * next.config.mjs and the export's scripts, which Node runs as they are, read it too.
 */
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_CURRENCY, DEFAULT_LOCALE, moneyPattern } from './money.mjs';

/** The catalogue a build reads when CATALOGUE is not set. */
export const DEFAULT_CATALOGUE = 'data/courses.json';

/** The origin `npm start` serves on: canonical URLs use it when SITE_URL is not set. */
export const LOCAL_SITE_URL = 'http://localhost:3000';

/** Where the cart hands a buyer off to pay (README, 'Selling'); `none` is the spec's inert button. */
export const CHECKOUT_PROVIDERS = /** @type {const} */ (['none', 'paddle', 'shopify', 'form']);

/** The providers whose checkout takes the provider's own id for each course (the catalogue's `checkout`). */
export const PROVIDERS_WITH_IDS = /** @type {const} */ (['paddle', 'shopify']);

/** What each provider needs besides CHECKOUT_PROVIDER. */
const PROVIDER_VARIABLE = /** @type {const} */ ({
  paddle: 'PADDLE_CLIENT_TOKEN',
  shopify: 'SHOPIFY_STORE_DOMAIN',
  form: 'CHECKOUT_FORM_URL',
});

/** An unset or blank variable is the same as a missing one. */
const optional = (/** @type {z.ZodType} */ schema) =>
  z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? undefined : value), schema.optional());

const schema = z
  .object({
    SITE_URL: optional(
      z
        .url({
          protocol: /^https?$/,
          error: 'must be an absolute http:// or https:// URL, e.g. https://courses.example.com',
        })
        .refine((value) => !/[?#]/.test(value), 'must not carry a query or a fragment')
        .transform((value) => value.replace(/\/+$/, '')),
    ),
    BASE_PATH: optional(
      z
        .string()
        .regex(
          /^(\/[A-Za-z0-9._~-]+)+$/,
          'must be a path that starts with / and has no trailing slash, e.g. /storefront (or be unset)',
        ),
    ).transform((value) => value ?? ''),
    CATALOGUE: optional(z.string().refine((value) => !value.includes('\0'), 'must be a file path')).transform(
      (value) => value ?? DEFAULT_CATALOGUE,
    ),
    INSTRUCTORS: optional(z.string().refine((value) => !value.includes('\0'), 'must be a file path')),
    REVIEWS: optional(z.string().refine((value) => !value.includes('\0'), 'must be a file path')),
    COUPONS: optional(z.string().refine((value) => !value.includes('\0'), 'must be a file path')),
    NEXT_BUILD_WORKERS: optional(
      z
        .string()
        .regex(/^\s*[1-9]\d*\s*$/, 'must be a whole number of at least 1')
        .transform(Number),
    ),
    NEXT_DIST_DIR: optional(
      z
        .string()
        .refine(
          (value) => !path.isAbsolute(value) && !value.split(/[\\/]/).includes('..'),
          'must be a folder inside the project, e.g. out-storefront',
        ),
    ),
    CHECKOUT_PROVIDER: optional(
      z.enum(CHECKOUT_PROVIDERS, { error: `must be one of ${CHECKOUT_PROVIDERS.join(', ')}` }),
    ).transform((value) => value ?? 'none'),
    // Paddle's client-side tokens are meant to be public; test_ ones talk to its sandbox.
    PADDLE_CLIENT_TOKEN: optional(
      z.string().regex(/^(test|live)_[A-Za-z0-9]+$/, 'must be a Paddle client-side token, test_… or live_…'),
    ),
    // Shows the buyer's local price from Paddle's pricing preview (README, 'Selling'); Paddle only.
    PADDLE_LOCAL_PRICES: optional(
      z
        .enum(['0', '1'], { error: "must be 1 (show the buyer's local price) or 0" })
        .transform((value) => value === '1'),
    ),
    SHOPIFY_STORE_DOMAIN: optional(
      z
        .string()
        .regex(
          /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i,
          'must be a host name without scheme or path, e.g. coursely-demo.myshopify.com',
        )
        .transform((value) => value.toLowerCase()),
    ),
    CHECKOUT_FORM_URL: optional(
      z
        .url({ protocol: /^https?$/, error: 'must be an absolute https:// URL, e.g. https://pay.example.com/checkout' })
        .refine((value) => {
          if (!URL.canParse(value)) return true; // reported by the check above
          const url = new URL(value);
          return url.protocol === 'https:' || url.hostname === '127.0.0.1' || url.hostname === 'localhost';
        }, 'must be https:// (http:// only for 127.0.0.1 or localhost, in local tests)')
        .refine((value) => !value.includes('#'), 'must not carry a fragment'),
    ),
    /*
     * Where the form's endpoint may redirect the buyer: Chrome holds the redirect that answers a form
     * POST to the page's form-action too, so a payment page on another origin (Stripe Checkout's
     * https://checkout.stripe.com, say) must be listed. Origins, separated by commas or spaces.
     */
    CHECKOUT_FORM_REDIRECTS: optional(
      z
        .string()
        .transform((value) => value.split(/[\s,]+/).filter(Boolean))
        .pipe(
          z.array(
            z
              .string()
              .refine(
                (value) =>
                  URL.canParse(value) && new URL(value).protocol === 'https:' && new URL(value).origin === value,
                'must be https:// origins without a path, e.g. https://checkout.stripe.com',
              ),
          ),
        ),
    ).transform((value) => value ?? []),
    // The shop's money: catalogue prices are amounts in SHOP_CURRENCY, shown as SHOP_LOCALE writes them.
    SHOP_CURRENCY: optional(
      z
        .string()
        .transform((value) => value.trim().toUpperCase())
        .refine(
          (value) => /^[A-Z]{3}$/.test(value) && Intl.supportedValuesOf('currency').includes(value),
          'must be an ISO 4217 currency code, e.g. USD, EUR, JPY',
        ),
    ).transform((value) => value ?? DEFAULT_CURRENCY),
    SHOP_LOCALE: optional(
      z
        .string()
        .transform((value) => value.trim())
        .refine(isKnownLocale, 'must be a BCP 47 locale this build knows, e.g. en-US, de-DE, ja-JP'),
    ).transform((value) => value ?? DEFAULT_LOCALE),
  })
  .superRefine(
    (config, context) => {
      try {
        moneyPattern(config.SHOP_CURRENCY, config.SHOP_LOCALE);
      } catch (error) {
        context.addIssue({
          code: 'custom',
          path: ['SHOP_LOCALE'],
          message: `${error instanceof Error ? error.message : error}, with SHOP_CURRENCY=${config.SHOP_CURRENCY}`,
        });
      }
    },
    {
      when: ({ value, issues }) =>
        typeof value === 'object' &&
        value !== null &&
        !issues.some((issue) => issue.path?.[0] === 'SHOP_CURRENCY' || issue.path?.[0] === 'SHOP_LOCALE'),
    },
  )
  .superRefine(
    (config, context) => {
      const provider = /** @type {CheckoutProvider} */ (config.CHECKOUT_PROVIDER);
      if (provider !== 'form' && config.CHECKOUT_FORM_REDIRECTS.length > 0)
        context.addIssue({
          code: 'custom',
          path: ['CHECKOUT_FORM_REDIRECTS'],
          message: `is only read with CHECKOUT_PROVIDER=form (it is ${provider})`,
        });
      if (provider !== 'paddle' && config.PADDLE_LOCAL_PRICES)
        context.addIssue({
          code: 'custom',
          path: ['PADDLE_LOCAL_PRICES'],
          message: `is only read with CHECKOUT_PROVIDER=paddle (it is ${provider}): local prices come from Paddle's pricing preview`,
        });
      if (provider === 'none') return;
      const needed = PROVIDER_VARIABLE[provider];
      if (/** @type {Record<string, unknown>} */ (config)[needed] === undefined)
        context.addIssue({
          code: 'custom',
          path: [needed],
          message: `is required with CHECKOUT_PROVIDER=${provider}`,
        });
    },
    {
      // Beside the other variables' faults, so that one build names them all.
      when: ({ value, issues }) =>
        typeof value === 'object' && value !== null && !issues.some((issue) => issue.path?.[0] === 'CHECKOUT_PROVIDER'),
    },
  );

/**
 * A locale Intl has data for (not only one it can parse): 'xx-YY' of an unknown language would
 * quietly fall back to the runtime's default.
 * @param {string} value
 */
function isKnownLocale(value) {
  try {
    return Intl.getCanonicalLocales(value).length === 1 && Intl.NumberFormat.supportedLocalesOf(value).length === 1;
  } catch {
    return false;
  }
}

/** @typedef {z.infer<typeof schema>} SiteEnv */
/** @typedef {typeof CHECKOUT_PROVIDERS[number]} CheckoutProvider */

/**
 * An optional file that belongs to a catalogue (instructors, reviews): where to read it, and
 * whether it may be missing.
 * @typedef {{ file: string, optional: boolean }} CompanionFile
 */

/**
 * The instructors file: INSTRUCTORS (which must exist); else data/instructors.json with the
 * shipped catalogue (none when it is missing); else none: the shipped records name the shipped
 * courses' creators, not another catalogue's.
 * @param {SiteEnv} config
 * @returns {CompanionFile | undefined}
 */
export function instructorsFile(config) {
  return companionFile(config.INSTRUCTORS, config.CATALOGUE, 'data/instructors.json');
}

/**
 * The reviews file: REVIEWS, else as instructorsFile() with data/reviews.json.
 * @param {SiteEnv} config
 * @returns {CompanionFile | undefined}
 */
export function reviewsFile(config) {
  return companionFile(config.REVIEWS, config.CATALOGUE, 'data/reviews.json');
}

/**
 * The coupons file: COUPONS, else as instructorsFile() with data/coupons.json.
 * @param {SiteEnv} config
 * @returns {CompanionFile | undefined}
 */
export function couponsFile(config) {
  return companionFile(config.COUPONS, config.CATALOGUE, 'data/coupons.json');
}

/**
 * Whether the build has a coupons file (COUPONS, else data/coupons.json next to the catalogue).
 * @param {SiteEnv} config @param {string} [root]
 */
export function hasCoupons(config, root = process.cwd()) {
  const source = couponsFile(config);
  return !!source && isFile(path.resolve(root, source.file));
}

/**
 * What the browser bundle knows of coupons: `NEXT_PUBLIC_COUPONS` is '1' when the build has a
 * coupons file (pages then carry the islands that show a visitor's discount), '0' otherwise. Set
 * either way: Next folds in only the variables it is given, and an unset one stays a lookup in the
 * bundle that keeps every coupon island, its fetch and its hashing in every page.
 * @param {SiteEnv} config @param {string} [root]
 * @returns {Record<string, string>}
 */
export function couponsBrowserEnv(config, root = process.cwd()) {
  return { NEXT_PUBLIC_COUPONS: hasCoupons(config, root) ? '1' : '0' };
}

/**
 * @param {string | undefined} named @param {string} catalogue @param {string} shipped
 * @returns {CompanionFile | undefined}
 */
function companionFile(named, catalogue, shipped) {
  // Named on purpose, so a missing file is a mistake (a typo), not "none".
  if (named) return { file: named, optional: false };
  const normal = catalogue.replaceAll('\\', '/').replace(/^(\.\/)+/, '');
  const cwd = process.cwd().replaceAll('\\', '/');
  if (normal === DEFAULT_CATALOGUE || normal === `${cwd}/${DEFAULT_CATALOGUE}`)
    return { file: shipped, optional: true };
  return undefined;
}

/** Thrown for bad variables: one line per variable, each starting with its name. */
export class EnvError extends Error {
  /** @param {string[]} problems */
  constructor(problems) {
    super(`Bad environment variable${problems.length > 1 ? 's' : ''}:\n${problems.map((p) => `  ${p}`).join('\n')}`);
    this.name = 'EnvError';
    this.problems = problems;
  }
}

/**
 * The site's configuration from `env`, checked.
 * @param {Record<string, string | undefined>} [env]
 * @returns {SiteEnv}
 */
export function readEnv(env = process.env) {
  const parsed = schema.safeParse(env);
  if (parsed.success) return parsed.data;
  throw new EnvError(
    parsed.error.issues.map((issue) => {
      const name = String(issue.path[0]);
      const value = env[name];
      return `${name}: ${issue.message} (${value === undefined || value.trim() === '' ? 'not set' : `got ${JSON.stringify(value)}`})`;
    }),
  );
}

/**
 * What a build checks before it starts: readEnv, and that the files the variables name are there
 * (the catalogue's own checks then name any bad record in them).
 * @param {string} root the project folder, which relative paths start from
 * @param {Record<string, string | undefined>} [env]
 */
export function checkBuildEnv(root, env = process.env) {
  const config = readEnv(env);
  /** @type {[string, string | undefined][]} */
  const files = [
    ['CATALOGUE', config.CATALOGUE],
    ['INSTRUCTORS', config.INSTRUCTORS],
    ['REVIEWS', config.REVIEWS],
    ['COUPONS', config.COUPONS],
  ];
  const missing = files
    .filter(([, file]) => file !== undefined && !isFile(path.resolve(root, file)))
    .map(([name, file]) => `${name}: no file at ${JSON.stringify(file)} (relative to ${root})`);
  if (missing.length) throw new EnvError(missing);
  return config;
}

/** @param {string} file */
const isFile = (file) => existsSync(file) && statSync(file).isFile();

/**
 * The line a build's summary ends with when SITE_URL is not set: canonical URLs, the sitemap and
 * link previews then point at the local server, which is wrong for any deploy. Empty when set.
 * @param {SiteEnv} config
 */
export function siteUrlWarning(config) {
  if (config.SITE_URL) return '';
  return (
    `WARNING: SITE_URL is not set. Canonical URLs, sitemap.xml, robots.txt and link previews point at ` +
    `${LOCAL_SITE_URL}. Set SITE_URL=https://your.domain before building an export to deploy.`
  );
}

/**
 * What the browser is told about the checkout, inlined at build time as NEXT_PUBLIC_ variables
 * (next.config.mjs): nothing with none. Every value is public by design (Paddle's client-side
 * tokens are made to be exposed).
 * @param {SiteEnv} config
 * @returns {Record<string, string>}
 */
export function checkoutBrowserEnv(config) {
  switch (/** @type {CheckoutProvider} */ (config.CHECKOUT_PROVIDER)) {
    case 'paddle':
      return { NEXT_PUBLIC_CHECKOUT_PROVIDER: 'paddle', NEXT_PUBLIC_PADDLE_CLIENT_TOKEN: config.PADDLE_CLIENT_TOKEN };
    case 'shopify':
      return {
        NEXT_PUBLIC_CHECKOUT_PROVIDER: 'shopify',
        NEXT_PUBLIC_SHOPIFY_STORE_DOMAIN: config.SHOPIFY_STORE_DOMAIN,
      };
    case 'form':
      return { NEXT_PUBLIC_CHECKOUT_PROVIDER: 'form', NEXT_PUBLIC_CHECKOUT_FORM_URL: config.CHECKOUT_FORM_URL };
    default:
      return {};
  }
}

/**
 * Whether course pages and the cart show the buyer's local price from Paddle (PADDLE_LOCAL_PRICES=1,
 * Paddle builds only): next.config.mjs folds it into the code as `__PADDLE_LOCAL_PRICES__`, so
 * that without it the code that loads Paddle.js early is dead and dropped.
 * @param {SiteEnv} config
 */
export const paddleLocalPrices = (config) =>
  config.CHECKOUT_PROVIDER === 'paddle' && config.PADDLE_LOCAL_PRICES === true;

/**
 * How the shop writes money (config/money.mjs), from SHOP_CURRENCY and SHOP_LOCALE: next.config.mjs
 * folds it into the code as `__SHOP_MONEY__`, the export's own bundles too (config/bundles.mjs).
 * @param {SiteEnv} config
 */
export function shopMoney(config) {
  return moneyPattern(config.SHOP_CURRENCY, config.SHOP_LOCALE);
}
