// @ts-check
import { availableParallelism } from 'node:os';

/**
 * How many workers `next build` renders the static pages with (next.config.mjs): every core by
 * default, where Next's own default leaves one idle (1 worker on a 2-core builder, while thousands
 * of course pages wait). NEXT_BUILD_WORKERS sets fewer where memory is short: each worker loads the
 * catalogue and renders pages on its own.
 * @param {Record<string, string | undefined>} [env]
 * @param {number} [cores]
 */
export function buildWorkers(env = process.env, cores = availableParallelism()) {
  const override = env.NEXT_BUILD_WORKERS;
  if (override === undefined || override.trim() === '') return Math.max(1, cores);
  const workers = Number(override);
  if (!Number.isInteger(workers) || workers < 1)
    throw new Error(`NEXT_BUILD_WORKERS must be a whole number of at least 1, not "${override}"`);
  return workers;
}
