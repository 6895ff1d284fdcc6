import nextJest from 'next/jest.js';
import { compileTimeValues } from './config/bundles.mjs';
import { readEnv } from './config/env.mjs';
import { requireBuild } from './scripts/build.mjs';

/*
 * next/jest maps `server-only` to an empty module, so lib/server/catalogue.ts loads in tests; `client-only`
 * throws only inside React's server graph, which Jest never is.
 */
const createJestConfig = nextJest({ dir: './' });

/** The facts of Next's output the export folds into browser code (build/next-output.ts). */
const { BROWSER_DEFINES } = requireBuild(readEnv({}));

/** @type {import('jest').Config} */
const config = {
  testEnvironment: 'jsdom',
  // What next.config.mjs folds in at build time, from the same function, for the spec's build (no
  // settings: it sells nothing, in US dollars). The facts of Next's output are folded into browser
  // code by the export's bundles.
  globals: { ...compileTimeValues(readEnv({})).define, ...BROWSER_DEFINES },
  setupFilesAfterEnv: ['<rootDir>/jest.setup.ts'],
  moduleNameMapper: {
    '^@/(.*)$': '<rootDir>/$1',
    // What next build does for images.loaderFile (next.config.mjs): next/image's loader is ours.
    '^next/dist/shared/lib/image-loader$': '<rootDir>/lib/image-loader.ts',
    // cborg exports only an ES module (no 'require' condition): its file, compiled below.
    '^cborg$': '<rootDir>/node_modules/cborg/cborg.js',
  },
  testPathIgnorePatterns: ['/node_modules/', '/e2e/', '/out/', '/.next/'],
  /*
   * Every core, where Jest's default leaves one free: `npm test` runs it beside tsc and ESLint, which
   * finish first, and one core would then sit idle (docs/performance.md, 'Test run').
   */
  maxWorkers: '100%',
};

/**
 * The export adapter's HTML parser (htmlparser2) and its family, and the CBOR codec Pagefind's
 * files are rewritten with (cborg), ship ES modules only: compiled for Jest.
 */
const ESM_PACKAGES = ['htmlparser2', 'domhandler', 'domutils', 'domelementtype', 'dom-serializer', 'entities', 'cborg'];

export default async function jestConfig() {
  const resolved = await createJestConfig(config)();
  return {
    ...resolved,
    transformIgnorePatterns: resolved.transformIgnorePatterns.map((pattern) =>
      pattern.startsWith('/node_modules/') ? pattern.replace('(?!(', `(?!(${ESM_PACKAGES.join('|')}|`) : pattern,
    ),
  };
}
