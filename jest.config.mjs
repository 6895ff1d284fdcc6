import nextJest from 'next/jest.js';
import { DEFAULT_CURRENCY, DEFAULT_LOCALE, moneyPattern } from './config/money.mjs';
import { BROWSER_DEFINES } from './scripts/export/next-output.mjs';

/*
 * next/jest maps `server-only` to an empty module, so lib/server/catalogue.ts loads in tests; `client-only`
 * throws only inside React's server graph, which Jest never is.
 */
const createJestConfig = nextJest({ dir: './' });

/** @type {import('jest').Config} */
const config = {
  testEnvironment: 'jsdom',
  // next.config.mjs folds the provider and the shop's money in at build time; the tests run the spec's
  // build, which sells nothing, in US dollars. The facts of Next's output are folded into browser code
  // by the export's bundles.
  globals: {
    __CHECKOUT_PROVIDER__: 'none',
    __PADDLE_LOCAL_PRICES__: false,
    __SHOP_MONEY__: JSON.stringify(moneyPattern(DEFAULT_CURRENCY, DEFAULT_LOCALE)),
    __SHOP_MONEY_DIGITS__: moneyPattern(DEFAULT_CURRENCY, DEFAULT_LOCALE).digits,
    ...BROWSER_DEFINES,
  },
  setupFilesAfterEnv: ['<rootDir>/jest.setup.ts'],
  moduleNameMapper: {
    '^@/(.*)$': '<rootDir>/$1',
    // What next build does for images.loaderFile (next.config.mjs): next/image's loader is ours.
    '^next/dist/shared/lib/image-loader$': '<rootDir>/lib/image-loader.ts',
  },
  testPathIgnorePatterns: ['/node_modules/', '/e2e/', '/out/', '/.next/'],
};

/** The export adapter's HTML parser (htmlparser2) and its family ship ES modules only: compiled for Jest. */
const ESM_PACKAGES = ['htmlparser2', 'domhandler', 'domutils', 'domelementtype', 'dom-serializer', 'entities'];

export default async function jestConfig() {
  const resolved = await createJestConfig(config)();
  return {
    ...resolved,
    transformIgnorePatterns: resolved.transformIgnorePatterns.map((pattern) =>
      pattern.startsWith('/node_modules/') ? pattern.replace('(?!(', `(?!(${ESM_PACKAGES.join('|')}|`) : pattern,
    ),
  };
}
