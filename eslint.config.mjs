import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';

// Next's private modules change shape between releases without notice; its public entry points do not.
const privateNext = {
  group: ['next/dist/*'],
  message: 'Import Next.js through its public modules (next/link, next/navigation, …).',
};
const testTree = { group: ['@/test/*', '**/test/*'], message: 'Test helpers are for tests only.' };

const config = [
  ...nextVitals,
  ...nextTs,
  {
    // Playwright fixtures call their continuation `use`, which is not React's hook.
    files: ['e2e/**/*.ts'],
    rules: { 'react-hooks/rules-of-hooks': 'off' },
  },
  {
    rules: { 'no-restricted-imports': ['error', { patterns: [privateNext] }] },
  },
  {
    // What ships to visitors never reaches into the test tree (helpers there call jest).
    files: ['app/**', 'components/**', 'lib/**', 'sw/**'],
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    rules: { 'no-restricted-imports': ['error', { patterns: [privateNext, testTree] }] },
  },
  {
    // Next's preset ignores build/, a common output folder; here it is the build's own code.
    ignores: ['!build/**'],
  },
  {
    ignores: ['.next/**', '.next-*/**', 'out/**', 'out-*/**', 'node_modules/**', 'next-env.d.ts', 'test-results/**', 'playwright-report/**', '.lighthouse/**', '.cache/**', '.synthetic/**', '.wrangler/**'],
  },
];

export default config;
