import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';

const config = [
  ...nextVitals,
  ...nextTs,
  {
    // Playwright fixtures call their continuation `use`, which is not React's hook.
    files: ['e2e/**/*.ts'],
    rules: { 'react-hooks/rules-of-hooks': 'off' },
  },
  {
    ignores: ['.next/**', '.next-*/**', 'out/**', 'out-*/**', 'node_modules/**', 'next-env.d.ts', 'test-results/**', 'playwright-report/**', '.lighthouse/**'],
  },
];

export default config;
