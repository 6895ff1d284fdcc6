/**
 * Serves an exported folder as plain static files, the way any static host would:
 * no single-page fallback, unknown paths get 404.html, responses are compressed.
 *
 *   node scripts/serve.mjs [dir=out] [port=3000] [mount=/]
 *
 * With a mount such as '/storefront', the folder is served under that sub-path
 * (a build made with BASE_PATH=/storefront), and '/' redirects there.
 *
 * Every response carries the headers a real host is told to send (scripts/host-headers.mjs:
 * frame-ancestors, nosniff, the referrer and permissions policies, Cache-Control), so that the
 * e2e tests run under them.
 */
import http from 'node:http';
import path from 'node:path';
import handler from 'serve-handler';
import compression from 'compression';
import { headersFor } from './host-headers.mjs';

const [dir = 'out', port = process.env.PORT ?? '3000', mount = '/'] = process.argv.slice(2);
const root = path.resolve(dir);
const prefix = mount.replace(/\/$/, '');
const compress = compression();

const server = http.createServer((req, res) => {
  compress(req, res, () => {
    if (prefix) {
      const url = req.url ?? '/';
      if (url === prefix || url.startsWith(`${prefix}/`)) {
        req.url = url.slice(prefix.length) || '/';
      } else if (url === '/') {
        res.writeHead(302, { Location: `${prefix}/` }).end();
        return;
      }
    }
    for (const [name, value] of Object.entries(headersFor(new URL(req.url ?? '/', 'http://host').pathname))) {
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
