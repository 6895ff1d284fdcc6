// @ts-check
/**
 * The response headers a host should send, in one place. They depend on the build's checkout
 * (config/checkout.mjs: Paddle's overlay needs `payment`, below) and its base path. From this list come:
 *   - public/_headers (Netlify, Cloudflare Pages) and docs/nginx.conf, the nginx snippet of the
 *     README: both for a build without a checkout (CHECKOUT_PROVIDER=none);
 *   - the export's own _headers, written for the build's checkout (the build's host-headers step);
 *   - what scripts/tools/serve.mjs sends, for the checkout of the export it serves, so that every
 *     e2e test runs under them.
 * scripts/tools/host-headers.mjs writes or prints them from the command line, and its test checks
 * that the two committed files say what this list says. Only Paddle's checkout changes the headers;
 * the others' are those of none.
 *
 * The page's own Content-Security-Policy is a <meta> per page (its script hashes differ from page to
 * page, scripts/export/csp.mjs). A header adds what a <meta> cannot: `frame-ancestors`. Browsers
 * enforce both policies, so the header's one directive restricts nothing else.
 */
import { NO_CHECKOUT, checkoutFrameOrigins } from '../../config/checkout.mjs';
import { STATIC_DIR } from './next-output.mjs';

/** @typedef {import('../../config/checkout.mjs').CheckoutConfig} CheckoutConfig */

/**
 * Powerful features the site never uses, turned off for it and for anything it might embed, but
 * `payment` with Paddle (permissionsPolicy). Not autoplay, fullscreen or picture-in-picture: a
 * course preview plays video. Only names Chromium knows: an unknown one is a console error on every page.
 */
const DISABLED_FEATURES = [
  'accelerometer',
  'browsing-topics',
  'camera',
  'display-capture',
  'geolocation',
  'gyroscope',
  'hid',
  'idle-detection',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'publickey-credentials-get',
  'serial',
  'usb',
  'xr-spatial-tracking',
];

/** @typedef {{ name: string, value: string, https?: boolean }} SecurityHeader */

/**
 * The Permissions-Policy: every feature above turned off, but `payment` with Paddle. Its overlay
 * checkout is a frame from Paddle's checkout origin, which offers Apple Pay and Google Pay through
 * the Payment Request API: a frame may use it only when the page's policy allows the page (`self`)
 * and the frame's origin, so `payment=()` would take those wallets away. Shopify and the form
 * navigate away from the site, and get the policy of none.
 *
 * Site-wide, not only on the pages that hand off: a document keeps the policy of the response it
 * was loaded with, and the cart or a course page is mostly reached by a client-side navigation
 * from a page that does not hand off. It grants no other frame anything: the delegation names
 * that one origin, and the pages' CSP lets a frame of it load only on the cart and course pages
 * (scripts/export/csp.mjs).
 * @param {CheckoutConfig} [checkout]
 */
export function permissionsPolicy(checkout = NO_CHECKOUT) {
  /** @param {string} feature */
  const allowed = (feature) => (feature === 'payment' ? checkoutFrameOrigins(checkout) : []);
  return DISABLED_FEATURES.map((feature) => {
    const origins = allowed(feature);
    return `${feature}=(${origins.length ? ['self', ...origins.map((origin) => `"${origin}"`)].join(' ') : ''})`;
  }).join(', ');
}

/**
 * Sent with every response. `https` ones only make sense on an HTTPS host: written commented out.
 * @param {CheckoutConfig} [checkout]
 * @returns {SecurityHeader[]}
 */
export const securityHeaders = (checkout = NO_CHECKOUT) => [
  // Clickjacking: no other page may frame this site (only a header can say so).
  { name: 'Content-Security-Policy', value: "frame-ancestors 'none'" },
  { name: 'X-Content-Type-Options', value: 'nosniff' },
  { name: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
  { name: 'Permissions-Policy', value: permissionsPolicy(checkout) },
  { name: 'Strict-Transport-Security', value: 'max-age=63072000; includeSubDomains', https: true },
];

/** Everything under Next's static folder (next-output.mjs) has a content hash in its name: it never changes. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Everything else (HTML, RSC payloads, `sw.js`, images, search index) is checked with the host each time. */
export const REVALIDATE = 'no-cache';

/**
 * The first matching rule gives a path its Cache-Control: a `path` ending in '/' matches what is
 * under it, any other only itself. Paths are relative to the base path.
 */
/** @type {{ path: string, value: string }[]} */
export const CACHE_RULES = [
  { path: `/${STATIC_DIR}/`, value: IMMUTABLE },
  // Its own rule on hosts that merge overlapping ones (below): the update check must reach the host.
  { path: '/sw.js', value: REVALIDATE },
  { path: '/', value: REVALIDATE },
];

/** @param {{ path: string }} rule @param {string} pathname */
const matches = (rule, pathname) => (rule.path.endsWith('/') ? pathname.startsWith(rule.path) : pathname === rule.path);

/**
 * The headers for a request path (without the base path), as scripts/tools/serve.mjs sends them.
 * @param {string} pathname
 * @param {CheckoutConfig} [checkout] the export's (its manifest's)
 * @returns {Record<string, string>}
 */
export function headersFor(pathname, checkout = NO_CHECKOUT) {
  const cache = CACHE_RULES.find((rule) => matches(rule, pathname));
  return {
    ...Object.fromEntries(
      securityHeaders(checkout)
        .filter((h) => !h.https)
        .map((h) => [h.name, h.value]),
    ),
    'Cache-Control': cache?.value ?? REVALIDATE,
  };
}

const GENERATED =
  'Generated by scripts/tools/host-headers.mjs: edit the list there, then `node scripts/tools/host-headers.mjs --write`.';

/**
 * The print options that give these headers, for a file's comment: none for a build without a
 * checkout of its own in the frame (whose files are the committed ones).
 * @param {CheckoutConfig} checkout
 */
const checkoutOptions = (checkout) =>
  checkoutFrameOrigins(checkout).length
    ? ` --provider=${checkout.provider} --paddle-env=${checkout.paddleEnvironment ?? 'production'}`
    : '';

/**
 * The comment lines a generated file starts with: how it is made, and for a checkout that changes
 * the headers, the command that prints it.
 * @param {'_headers' | 'nginx'} kind @param {CheckoutConfig} checkout
 */
function preamble(kind, checkout) {
  const options = checkoutOptions(checkout);
  return options
    ? [
        `# ${GENERATED}`,
        `# For CHECKOUT_PROVIDER=${checkout.provider}: node scripts/tools/host-headers.mjs ${kind}${options}`,
      ]
    : [`# ${GENERATED}`];
}

/**
 * The `_headers` file of Netlify and Cloudflare Pages. Both apply every rule whose path matches
 * and join a header set twice with a comma, so the rules must not overlap in Cache-Control: the
 * pages get the hosts' default (`max-age=0, must-revalidate`: revalidated), not a `/*` rule.
 * @param {string} [basePath]
 * @param {CheckoutConfig} [checkout]
 */
export function headersFile(basePath = '', checkout = NO_CHECKOUT) {
  const lines = [
    ...preamble('_headers', checkout),
    `# For a BASE_PATH build: node scripts/tools/host-headers.mjs _headers /your-base-path${checkoutOptions(checkout)}`,
    '',
  ];
  lines.push(`${basePath}/*`);
  for (const header of securityHeaders(checkout))
    lines.push(`  ${header.https ? '# ' : ''}${header.name}: ${header.value}`);
  for (const rule of CACHE_RULES.filter((rule) => rule.path !== '/')) {
    lines.push('', `${basePath}${rule.path}${rule.path.endsWith('/') ? '*' : ''}`, `  Cache-Control: ${rule.value}`);
  }
  return `${lines.join('\n')}\n`;
}

/**
 * An nginx snippet for the site's `server { }` block. nginx drops a server's `add_header` lines in
 * any location that has its own, so each location repeats them all.
 * @param {string} [basePath]
 * @param {CheckoutConfig} [checkout]
 */
export function nginxSnippet(basePath = '', checkout = NO_CHECKOUT) {
  /** @param {string} name @param {string} value @param {boolean} [commented] */
  const header = (name, value, commented = false) =>
    `  ${commented ? '# ' : ''}add_header ${name} "${value.replaceAll('"', '\\"')}" always;`;
  const security = securityHeaders(checkout).map((h) => header(h.name, h.value, h.https));
  /** @param {string} rulePath */
  const modifier = (rulePath) => (rulePath === '/' ? '' : rulePath.endsWith('/') ? '^~ ' : '= ');
  /** @param {string} rulePath @param {string} value @param {string[]} [extra] */
  const location = (rulePath, value, extra = []) => [
    `location ${modifier(rulePath)}${basePath}${rulePath} {`,
    ...extra,
    ...security,
    header('Cache-Control', value),
    '}',
  ];
  const lines = [
    ...preamble('nginx', checkout),
    '# Inside the server { } block whose root is the export (out/). Uncomment Strict-Transport-Security on HTTPS.',
    `error_page 404 ${basePath}/404.html;`,
  ];
  for (const rule of CACHE_RULES) {
    const extra = rule.path === '/' ? [`  try_files $uri $uri/ =404;`] : [];
    lines.push(...location(rule.path, rule.value, extra));
  }
  return `${lines.join('\n')}\n`;
}
