/**
 * The response headers a host should send, in one place, by the build's checkout (only Paddle's
 * overlay changes them) and base path: public/_headers and docs/nginx.conf (no checkout), the
 * export's own _headers (the host-headers step), and what scripts/tools/serve.mjs sends, so the e2e
 * tests run under them; the committed copies are written here too (writeCommitted, from the command
 * line: scripts/tools/host-headers.mjs). The
 * page's own CSP is a <meta> (its hashes differ by page); the header adds `frame-ancestors`, which a
 * <meta> cannot.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { NO_CHECKOUT, PADDLE_FRAME_ORIGINS, checkoutFrameOrigins, type CheckoutConfig } from '../config/checkout.mjs';
import { CHECKOUT_PROVIDERS } from '../config/env.mjs';
import { STATIC_DIR } from './next-output';
import { root } from './root';

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

export type SecurityHeader = { name: string; value: string; https?: boolean };

/**
 * The Permissions-Policy: every feature above turned off, but `payment` with Paddle, whose overlay
 * frame offers Apple Pay and Google Pay through the Payment Request API, which needs the page's
 * policy to allow `self` and the frame's origin. Site-wide, since a document keeps the policy it was
 * loaded with and the cart is mostly reached by a client-side navigation; the pages' CSP still
 * lets that frame load only on the pages that hand off (csp.ts).
 */
export function permissionsPolicy(checkout: CheckoutConfig = NO_CHECKOUT) {
  const allowed = (feature: string) => (feature === 'payment' ? checkoutFrameOrigins(checkout) : []);
  return DISABLED_FEATURES.map((feature) => {
    const origins = allowed(feature);
    return `${feature}=(${origins.length ? ['self', ...origins.map((origin) => `"${origin}"`)].join(' ') : ''})`;
  }).join(', ');
}

/**
 * Sent with every response. `https` ones only make sense on an HTTPS host: written commented out.
 */
export const securityHeaders = (checkout: CheckoutConfig = NO_CHECKOUT): SecurityHeader[] => [
  // Clickjacking: no other page may frame this site (only a header can say so).
  { name: 'Content-Security-Policy', value: "frame-ancestors 'none'" },
  { name: 'X-Content-Type-Options', value: 'nosniff' },
  { name: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
  { name: 'Permissions-Policy', value: permissionsPolicy(checkout) },
  { name: 'Strict-Transport-Security', value: 'max-age=63072000; includeSubDomains', https: true },
];

/** Everything under Next's static folder (next-output.ts) has a content hash in its name: it never changes. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Everything else (HTML, RSC payloads, `sw.js`, images, search index) is checked with the host each time. */
export const REVALIDATE = 'no-cache';

/**
 * The first matching rule gives a path its Cache-Control: a `path` ending in '/' matches what is
 * under it, any other only itself. Paths are relative to the base path.
 */

export const CACHE_RULES: { path: string; value: string }[] = [
  { path: `/${STATIC_DIR}/`, value: IMMUTABLE },
  // Its own rule on hosts that merge overlapping ones (below): the update check must reach the host.
  { path: '/sw.js', value: REVALIDATE },
  { path: '/', value: REVALIDATE },
];

const matches = (rule: { path: string }, pathname: string) =>
  rule.path.endsWith('/') ? pathname.startsWith(rule.path) : pathname === rule.path;

/**
 * The headers for a request path (without the base path), as scripts/tools/serve.mjs sends them.
 * @param checkout the export's (its manifest's)
 */
export function headersFor(pathname: string, checkout: CheckoutConfig = NO_CHECKOUT): Record<string, string> {
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
  'Generated from build/host-headers.ts: edit the list there, then `node scripts/tools/host-headers.mjs --write`.';

/**
 * The print options that give these headers, for a file's comment: none for a build without a
 * checkout of its own in the frame (whose files are the committed ones).
 */
const checkoutOptions = (checkout: CheckoutConfig) =>
  checkoutFrameOrigins(checkout).length
    ? ` --provider=${checkout.provider} --paddle-env=${checkout.paddleEnvironment ?? 'production'}`
    : '';

/**
 * The comment lines a generated file starts with: how it is made, and for a checkout that changes
 * the headers, the command that prints it.
 */
function preamble(kind: '_headers' | 'nginx', checkout: CheckoutConfig) {
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
 */
export function headersFile(basePath: string = '', checkout: CheckoutConfig = NO_CHECKOUT) {
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
 */
export function nginxSnippet(basePath: string = '', checkout: CheckoutConfig = NO_CHECKOUT) {
  const header = (name: string, value: string, commented: boolean = false) =>
    `  ${commented ? '# ' : ''}add_header ${name} "${value.replaceAll('"', '\\"')}" always;`;
  const security = securityHeaders(checkout).map((h) => header(h.name, h.value, h.https));

  const modifier = (rulePath: string) => (rulePath === '/' ? '' : rulePath.endsWith('/') ? '^~ ' : '= ');

  const location = (rulePath: string, value: string, extra: string[] = []) => [
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

/** The committed files and what each must hold: the headers without a checkout. */
export const COMMITTED: { file: string; text: () => string }[] = [
  { file: path.join(root, 'public/_headers'), text: () => headersFile() },
  { file: path.join(root, 'docs/nginx.conf'), text: () => nginxSnippet() },
];

/** Rewrites the committed files that differ from COMMITTED; gives a line for each. */
export function writeCommitted(): string[] {
  return COMMITTED.map(({ file, text }) => {
    const next = text();
    let current = null;
    try {
      current = readFileSync(file, 'utf8');
    } catch {}
    if (current !== next) writeFileSync(file, next);
    return `${path.relative(root, file)}: ${current === next ? 'unchanged' : 'written'}`;
  });
}

/** The checkout the command line's options name (--provider, --paddle-env), checked. */
export function checkoutOption({
  provider = 'none',
  'paddle-env': environment,
}: {
  provider?: string;
  'paddle-env'?: string;
}): CheckoutConfig {
  const providers: readonly string[] = CHECKOUT_PROVIDERS;
  if (!providers.includes(provider)) throw new Error(`--provider must be one of ${CHECKOUT_PROVIDERS.join(', ')}`);
  const environments = Object.keys(PADDLE_FRAME_ORIGINS);
  if (environment !== undefined && (provider !== 'paddle' || !environments.includes(environment)))
    throw new Error(`--paddle-env goes with --provider=paddle and is one of ${environments.join(', ')}`);
  const checkout = { provider } as CheckoutConfig;
  return provider === 'paddle'
    ? { ...checkout, paddleEnvironment: (environment ?? 'production') as CheckoutConfig['paddleEnvironment'] }
    : checkout;
}
