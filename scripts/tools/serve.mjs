/**
 * Serves an exported folder as plain static files, the way any static host would: no single-page
 * fallback, unknown paths get 404.html, responses are compressed. With a mount such as
 * '/storefront' (a BASE_PATH build) the folder is served under it, and '/' redirects there:
 *   node scripts/tools/serve.mjs [dir=out] [port=3000] [mount=/]
 *
 * Every response carries the headers a host is told to send (build/host-headers.ts) for
 * the checkout in the export's manifest, so that the e2e tests run under them. Text goes out as
 * Brotli 11, compressed once per file and kept, as a CDN keeps it: smaller than the on-the-fly
 * quality 4, which keeps the pages within a first round trip, and too slow to do per request
 * (docs/performance.md, 'Figures behind the code'). Clients without Brotli get gzip.
 */
import { createHash } from 'node:crypto';
import http from 'node:http';
import path from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import handler from 'serve-handler';
import compression from 'compression';
import { NO_CHECKOUT } from '../../config/checkout.mjs';
import { requireBuild } from '../build.mjs';

const { hasManifest, headersFor, readManifest } = requireBuild();

const [dir = 'out', port = process.env.PORT ?? '3000', mount = '/'] = process.argv.slice(2);
const root = path.resolve(dir);
const prefix = mount.replace(/\/$/, '');
const compress = compression();
// A folder that is not an adapted export (or one from before the manifest recorded its checkout) has none.
const checkout = (hasManifest(root) && readManifest(root).checkout) || NO_CHECKOUT;

const TEXT = /^(text\/|application\/(javascript|json|manifest\+json|xml)|image\/svg\+xml)/;
/** @type {Map<string, Buffer>} brotli bodies by the SHA-256 of the file's bytes */
const compressed = new Map();

/** The file's brotli at quality 11, compressed the first time these bytes are served. @param {Buffer} body */
function brotli(body) {
  const key = createHash('sha256').update(body).digest('base64');
  let result = compressed.get(key);
  if (!result) {
    result = brotliCompressSync(body, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
    });
    compressed.set(key, result);
  }
  return result;
}

/**
 * Has the response of a text file (status 200, or 404 with the 404 page) go out as cached brotli: serve-handler's
 * writes are collected and sent compressed at the end. Other responses pass through.
 * @param {http.IncomingMessage} req @param {http.ServerResponse} res
 */
function brotliFromCache(req, res) {
  if (!/\bbr\b/.test(String(req.headers['accept-encoding'] ?? ''))) return false;
  const { writeHead, write, end } = res;
  /** @type {[number, Record<string, unknown>] | undefined} */
  let head;
  /** @type {Buffer[]} */
  const chunks = [];
  res.writeHead = function (status, ...rest) {
    const headers = /** @type {Record<string, unknown>} */ (rest.find((value) => typeof value === 'object') ?? {});
    const type = String(headers['Content-Type'] ?? headers['content-type'] ?? res.getHeader('Content-Type') ?? '');
    if ((status !== 200 && status !== 404) || req.method !== 'GET' || !TEXT.test(type))
      return writeHead.call(this, status, ...rest);
    // Held until the body is complete: its length is only known then.
    head = [status, headers];
    return this;
  };
  res.write = function (chunk, ...rest) {
    if (!head) return write.call(this, chunk, ...rest);
    chunks.push(Buffer.from(chunk));
    return true;
  };
  res.end = function (chunk, ...rest) {
    if (!head) return end.call(this, chunk, ...rest);
    if (chunk && typeof chunk !== 'function') chunks.push(Buffer.from(chunk));
    const body = brotli(Buffer.concat(chunks));
    const [status, headers] = head;
    for (const name of Object.keys(headers)) if (/^(content-length|accept-ranges)$/i.test(name)) delete headers[name];
    res.removeHeader('Content-Length');
    writeHead.call(this, status, {
      ...headers,
      'Content-Encoding': 'br',
      Vary: 'Accept-Encoding',
      'Content-Length': body.length,
    });
    return end.call(this, body);
  };
  return true;
}

/**
 * Drops the Content-Disposition that serve-handler gives every file ('inline; filename="index.html"'):
 * a host sends none with a page, and its bytes would count against the first round trip.
 * @param {http.ServerResponse} res
 */
function withoutFileName(res) {
  const { writeHead } = res;
  res.writeHead = function (status, ...rest) {
    const headers = rest.find((value) => typeof value === 'object');
    if (headers) for (const name of Object.keys(headers)) if (/^content-disposition$/i.test(name)) delete headers[name];
    return writeHead.call(this, status, ...rest);
  };
}

const server = http.createServer((req, res) => {
  withoutFileName(res);
  const next = (/** @type {() => void} */ serve) => (brotliFromCache(req, res) ? serve() : compress(req, res, serve));
  next(() => {
    if (prefix) {
      const url = req.url ?? '/';
      if (url === prefix || url.startsWith(`${prefix}/`)) {
        req.url = url.slice(prefix.length) || '/';
      } else if (url === '/') {
        res.writeHead(302, { Location: `${prefix}/` }).end();
        return;
      }
    }
    for (const [name, value] of Object.entries(headersFor(new URL(req.url ?? '/', 'http://host').pathname, checkout))) {
      res.setHeader(name, value);
    }
    handler(req, res, {
      public: root,
      directoryListing: false,
      etag: true,
    });
  });
});

// Port 0 picks a free one; the line printed names the one in use.
server.listen(Number(port), '127.0.0.1', () => {
  const { port: listening } = server.address();
  console.log(`Serving ${path.relative(process.cwd(), root) || '.'} at http://127.0.0.1:${listening}${prefix}/`);
});
