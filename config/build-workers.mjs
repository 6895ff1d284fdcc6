// @ts-check
import { availableParallelism } from 'node:os';
import { readEnv } from './env.mjs';

/**
 * How many workers `next build` renders the static pages with (next.config.mjs): every core by
 * default, where Next's own default leaves one idle (1 worker on a 2-core builder, while thousands
 * of course pages wait). NEXT_BUILD_WORKERS sets fewer where memory is short: each worker loads the
 * catalogue and renders pages on its own.
 * @param {Record<string, string | undefined>} [env]
 * @param {number} [cores]
 */
export function buildWorkers(env = process.env, cores = availableParallelism()) {
  return readEnv(env).NEXT_BUILD_WORKERS ?? Math.max(1, cores);
}

/**
 * The size in MB of V8's young-generation semi-space in the build's processes. Rendering a page
 * allocates many short-lived objects, which V8's default (16 MB) collects far too often; the
 * figures are in docs/performance.md ('Figures behind the code').
 */
export const SEMI_SPACE_MB = 64;

/**
 * NODE_OPTIONS for `next build` (its workers inherit it): the caller's, with the semi-space size
 * added unless they set one themselves.
 * @param {Record<string, string | undefined>} [env]
 */
export function buildNodeOptions(env = process.env) {
  const own = (env.NODE_OPTIONS ?? '').trim();
  if (/--max-semi-space-size\b/.test(own)) return own;
  return [own, `--max-semi-space-size=${SEMI_SPACE_MB}`].filter(Boolean).join(' ');
}

/**
 * libuv's thread pool size for `next build`. At the end, Next copies every page's files from
 * .next/ into the export with fs.promises, all at once (about 5 a route), through a pool of 4
 * threads by default; with more, the copies wait less on one another's file-system calls.
 */
export const FILE_THREADS = 16;

/**
 * The environment `next build` runs with: the caller's, with NODE_OPTIONS from buildNodeOptions
 * and UV_THREADPOOL_SIZE at FILE_THREADS unless they set one.
 * @param {Record<string, string | undefined>} [env]
 */
export function buildEnv(env = process.env) {
  return {
    ...env,
    NODE_OPTIONS: buildNodeOptions(env),
    UV_THREADPOOL_SIZE: env.UV_THREADPOOL_SIZE?.trim() || String(FILE_THREADS),
  };
}
