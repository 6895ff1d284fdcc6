import { pathToFileURL } from 'node:url';
import { readEnv } from '../../config/env.mjs';
import { compileBuild } from '../../scripts/build.mjs';

/**
 * The build as it runs, compiled by scripts/build.mjs (for the spec's settings), as a file URL: for
 * tests that run it in Node, as the build does, rather than through Jest's modules (its worker
 * threads load that file; some of its packages ship ES modules only).
 */
export const compiledBuild = (): string => pathToFileURL(compileBuild(readEnv({}))).href;
