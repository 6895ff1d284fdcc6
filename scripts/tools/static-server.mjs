// @ts-check
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const serveScript = path.join(path.dirname(fileURLToPath(import.meta.url)), 'serve.mjs');

/**
 * Serves an export with scripts/tools/serve.mjs (static files, compression, 404.html: the way it is
 * deployed) on a free port, for the benchmarks and Lighthouse scripts. Port 0 lets the server
 * pick the port; it prints its address once it listens.
 * @param {string} dir the export folder
 * @returns {Promise<{ origin: string, stop: () => void }>} its origin ('http://127.0.0.1:PORT')
 */
export async function startStaticServer(dir) {
  const server = spawn(process.execPath, [serveScript, dir, '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
  const origin = await new Promise((resolve, reject) => {
    server.stdout.once('data', (line) => resolve(/http:\/\/127\.0\.0\.1:\d+/.exec(String(line))?.[0]));
    server.once('exit', (code) => reject(new Error(`scripts/tools/serve.mjs ${dir} exited with ${code}`)));
  });
  if (!origin) throw new Error(`scripts/tools/serve.mjs ${dir} did not print its address`);
  return { origin, stop: () => server.kill() };
}

/**
 * Runs `measure` against an export served as startStaticServer serves it, and stops the server after.
 * @template T
 * @param {string} dir
 * @param {(origin: string) => Promise<T>} measure
 * @returns {Promise<T>}
 */
export async function withStaticServer(dir, measure) {
  const server = await startStaticServer(dir);
  try {
    return await measure(server.origin);
  } finally {
    server.stop();
  }
}

/**
 * Serves a site's export and the reference app's side by side, as the gates compare them.
 * @param {string} siteDir
 * @param {string} referenceDir
 * @returns {Promise<{ origins: { site: string, reference: string }, stop: () => void }>}
 */
export async function startSiteAndReference(siteDir, referenceDir) {
  const site = await startStaticServer(siteDir);
  const reference = await startStaticServer(referenceDir);
  return {
    origins: { site: site.origin, reference: reference.origin },
    stop: () => {
      site.stop();
      reference.stop();
    },
  };
}
