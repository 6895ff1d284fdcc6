/** @jest-environment node */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { buildSync } from 'esbuild';
import { bundleOptions, inlineScript, type BundleKind } from './bundles.mjs';
import { readEnv } from './env.mjs';

const ROOT = path.join(__dirname, '..');
const KINDS: BundleKind[] = ['inline', 'browser', 'server', 'document', 'build'];

/** A selling build under a sub-path: every kind of value next.config.mjs folds in has one. */
const SELLING = {
  BASE_PATH: '/storefront',
  CHECKOUT_PROVIDER: 'form',
  CHECKOUT_FORM_URL: 'https://pay.example.com/checkout',
  SHOP_CURRENCY: 'EUR',
  SHOP_LOCALE: 'de-DE',
};

/**
 * What Next folds into the code under `variables`, read from next.config.mjs as Next reads it
 * (`env` as process.env.NAME, `compiler.define` as is), each value written as JSON as Next does.
 */
function nextDefines(variables: Record<string, string>): Record<string, string> {
  const script = `
    const { default: config } = await import('./next.config.mjs');
    const entries = [
      ...Object.entries(config.env).map(([name, value]) => ['process.env.' + name, JSON.stringify(value)]),
      ...Object.entries(config.compiler.define).map(([name, value]) => [name, JSON.stringify(value)]),
    ];
    process.stdout.write(JSON.stringify(Object.fromEntries(entries)));`;
  const output = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: ROOT,
    env: { ...process.env, ...variables },
    encoding: 'utf8',
  });
  return JSON.parse(output);
}

describe("every bundle's defines are next.config.mjs's", () => {
  it.each([
    ['the default build', {}],
    ['a selling build under a sub-path', SELLING],
  ])(
    'in %s',
    (_, variables) => {
      const expected = nextDefines(variables);
      expect(Object.keys(expected)).toEqual(
        expect.arrayContaining([
          'process.env.NEXT_PUBLIC_BASE_PATH',
          'process.env.NEXT_PUBLIC_COUPONS',
          '__SHOP_MONEY__',
        ]),
      );
      const env = readEnv({ ...process.env, ...variables });
      for (const kind of KINDS) {
        const { define } = bundleOptions(kind, env, { root: ROOT });
        expect(define).toEqual({ ...expected, 'process.env.NODE_ENV': '"production"' });
      }
    },
    30_000,
  );

  it('folds the checkout into an inline script as Next folds it into the pages', () => {
    const work = mkdtempSync(path.join(tmpdir(), 'bundles-'));
    try {
      const entry = path.join(work, 'entry.ts');
      writeFileSync(
        entry,
        'declare const __CHECKOUT_PROVIDER__: string;\n' +
          '(globalThis as any).out = [__CHECKOUT_PROVIDER__, process.env.NEXT_PUBLIC_CHECKOUT_FORM_URL, process.env.NEXT_PUBLIC_BASE_PATH];\n',
      );
      const code = inlineScript(buildSync, entry, readEnv({ ...process.env, ...SELLING }), { root: ROOT });
      const scope: { out?: unknown } = {};
      new Function('globalThis', code)(scope);
      expect(scope.out).toEqual(['form', SELLING.CHECKOUT_FORM_URL, '/storefront']);
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  });
});

describe('one esbuild set-up', () => {
  /** The tree's source that runs esbuild (other than config/bundles.mjs), found by its import. */
  const callers = execFileSync(
    'git',
    ['grep', '-l', '-E', "(from|import\\() ?'esbuild'", '--', 'scripts', 'lib', 'config', 'app', 'build'],
    {
      cwd: ROOT,
      encoding: 'utf8',
    },
  )
    .split('\n')
    .filter((file) => file && !/\.test\.|^config\/bundles\.mjs$/.test(file));

  it('finds the modules that bundle', () => expect(callers.length).toBeGreaterThan(0));

  it.each(callers)('%s takes its options from config/bundles.mjs', (file) => {
    const source = readFileSync(path.join(ROOT, file), 'utf8');
    expect(source).toMatch(/\b(bundleOptions|inlineScript)\(/);
    expect(source).not.toMatch(/\b(format|target|minify|platform|conditions|tsconfig):/);
  });
});
