// @ts-check
/**
 * The host headers (build/host-headers.ts) from the command line:
 *
 *   node scripts/tools/host-headers.mjs --write         rewrite public/_headers and docs/nginx.conf
 *   node scripts/tools/host-headers.mjs _headers [base]  print the _headers file for a BASE_PATH build
 *   node scripts/tools/host-headers.mjs nginx [base]     print the nginx snippet for a BASE_PATH build
 *
 * Either print takes the build's checkout: --provider=none|paddle|shopify|form (none by default) and,
 * with paddle, --paddle-env=sandbox (a test_ token) or production (a live_ one, the default), e.g.
 *   node scripts/tools/host-headers.mjs nginx --provider=paddle --paddle-env=production
 */
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { requireBuild } from '../build.mjs';

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
    const { checkoutOption, headersFile, nginxSnippet, writeCommitted } = requireBuild();
    const checkout = checkoutOption(values);
    // The committed files are the ones without a checkout: --write takes no other option.
    if (values.write && !command && values.provider === undefined && values['paddle-env'] === undefined) {
      for (const line of writeCommitted()) console.log(line);
    } else if (command === '_headers' && !values.write) process.stdout.write(headersFile(base, checkout));
    else if (command === 'nginx' && !values.write) process.stdout.write(nginxSnippet(base, checkout));
    else throw new Error(USAGE);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
