// @ts-check
/**
 * The host headers (scripts/export/host-headers.mjs) from the command line:
 *
 *   node scripts/tools/host-headers.mjs --write         rewrite public/_headers and docs/nginx.conf
 *   node scripts/tools/host-headers.mjs _headers [base]  print the _headers file for a BASE_PATH build
 *   node scripts/tools/host-headers.mjs nginx [base]     print the nginx snippet for a BASE_PATH build
 *
 * Either print takes the build's checkout: --provider=none|paddle|shopify|form (none by default) and,
 * with paddle, --paddle-env=sandbox (a test_ token) or production (a live_ one, the default), e.g.
 *   node scripts/tools/host-headers.mjs nginx --provider=paddle --paddle-env=production
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { PADDLE_FRAME_ORIGINS } from '../../config/checkout.mjs';
import { CHECKOUT_PROVIDERS } from '../../config/env.mjs';
import { headersFile, nginxSnippet } from '../export/host-headers.mjs';

/** @typedef {import('../../config/checkout.mjs').CheckoutConfig} CheckoutConfig */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/**
 * The committed files and what each must hold.
 * @type {{ file: string, text: () => string }[]}
 */
export const COMMITTED = [
  { file: path.join(root, 'public/_headers'), text: () => headersFile() },
  { file: path.join(root, 'docs/nginx.conf'), text: () => nginxSnippet() },
];

/**
 * The checkout the print options name (--provider, --paddle-env), checked.
 * @param {{ provider?: string, 'paddle-env'?: string }} options
 * @returns {CheckoutConfig}
 */
export function checkoutOption({ provider = 'none', 'paddle-env': environment }) {
  const providers = /** @type {readonly string[]} */ (CHECKOUT_PROVIDERS);
  if (!providers.includes(provider)) throw new Error(`--provider must be one of ${CHECKOUT_PROVIDERS.join(', ')}`);
  const environments = Object.keys(PADDLE_FRAME_ORIGINS);
  if (environment !== undefined && (provider !== 'paddle' || !environments.includes(environment)))
    throw new Error(`--paddle-env goes with --provider=paddle and is one of ${environments.join(', ')}`);
  const checkout = /** @type {CheckoutConfig} */ ({ provider });
  return provider === 'paddle'
    ? {
        ...checkout,
        paddleEnvironment: /** @type {CheckoutConfig['paddleEnvironment']} */ (environment ?? 'production'),
      }
    : checkout;
}

const USAGE =
  'usage: node scripts/tools/host-headers.mjs --write | _headers [base path] | nginx [base path]' +
  ' [--provider=none|paddle|shopify|form] [--paddle-env=sandbox|production]';

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    const { values, positionals } = parseArgs({
      allowPositionals: true,
      options: { write: { type: 'boolean' }, provider: { type: 'string' }, 'paddle-env': { type: 'string' } },
    });
    const [command, basePath = ''] = positionals;
    const base = basePath.replace(/\/$/, '');
    const checkout = checkoutOption(values);
    // The committed files are the ones without a checkout: --write takes no other option.
    if (values.write && !command && values.provider === undefined && values['paddle-env'] === undefined) {
      for (const { file, text } of COMMITTED) {
        const next = text();
        let current = null;
        try {
          current = readFileSync(file, 'utf8');
        } catch {}
        if (current !== next) writeFileSync(file, next);
        console.log(`${path.relative(root, file)}: ${current === next ? 'unchanged' : 'written'}`);
      }
    } else if (command === '_headers' && !values.write) process.stdout.write(headersFile(base, checkout));
    else if (command === 'nginx' && !values.write) process.stdout.write(nginxSnippet(base, checkout));
    else throw new Error(USAGE);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
