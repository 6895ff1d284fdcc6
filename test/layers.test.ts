/**
 * The layers, as docs/architecture.md draws them: app/ and components/ on top, lib/ under them,
 * config/ at the bottom, and beside the product, never under it, the build (build/, which renders
 * with the product's modules) and the tooling in scripts/. lib/ says where its code runs by folder:
 * lib/server/ (server-only: files, the environment), lib/browser/ (needs `window`), and lib/ itself
 * for pure code that runs anywhere.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..');
const sources = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { cwd: ROOT, encoding: 'utf8' })
  .split('\n')
  .filter((file) => /\.(ts|tsx|mjs|cjs|js)$/.test(file) && !file.endsWith('.d.ts'));

/** Every module `file` imports, as a path from the project's root ('lib/cart'), or a package name. */
function importsOf(file: string): string[] {
  const text = readFileSync(path.join(ROOT, file), 'utf8');
  const specifiers = [...text.matchAll(/(?:^|\s)(?:import|export)\s[^'";]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|^import\s+['"]([^'"]+)['"]/gm)].map(
    (match) => match[1] ?? match[2] ?? match[3] ?? '',
  );
  return specifiers.map((specifier) => {
    if (specifier.startsWith('@/')) return specifier.slice(2);
    if (specifier.startsWith('.')) return path.normalize(path.join(path.dirname(file), specifier));
    return specifier;
  });
}

const product = (file: string) => /^(app|components|lib|config|sw)\//.test(file) || file === 'next.config.mjs';
const isTest = (file: string) => /\.test\.tsx?$/.test(file);
/** [file, what it imports] for every import of the shipped code (tests aside). */
const edges = sources.filter((file) => !isTest(file)).flatMap((file) => importsOf(file).map((to) => [file, to] as const));

describe('layers', () => {
  it('the product never imports the tooling in scripts/', () => {
    expect(edges.filter(([from, to]) => product(from) && to.startsWith('scripts/'))).toEqual([]);
  });

  it('the product never imports the build', () => {
    expect(edges.filter(([from, to]) => product(from) && to.startsWith('build/'))).toEqual([]);
  });

  it('lib/ never imports from components/ or app/ above it', () => {
    expect(edges.filter(([from, to]) => from.startsWith('lib/') && /^(components|app)\//.test(to))).toEqual([]);
  });

  it('config/ imports nothing of the product', () => {
    expect(edges.filter(([from, to]) => from.startsWith('config/') && /^(app|components|lib|scripts|build)\//.test(to))).toEqual([]);
  });

  it("lib/'s pure code imports neither server-only nor browser-only code", () => {
    const root = (file: string) => /^lib\/[^/]+$/.test(file);
    expect(
      edges.filter(([from, to]) => root(from) && (/^(lib\/(server|browser)|build)\//.test(to) || to.startsWith('node:'))),
    ).toEqual([]);
  });

  it("lib/browser/ never reaches the server's code, nor lib/server/ the browser's", () => {
    expect(
      edges.filter(
        ([from, to]) =>
          (from.startsWith('lib/browser/') && (/^(lib\/server|build)\//.test(to) || to === 'server-only')) ||
          (from.startsWith('lib/server/') && (to.startsWith('lib/browser/') || to === 'client-only')),
      ),
    ).toEqual([]);
  });

  it('a client component imports no server-only module', () => {
    const client = sources.filter(
      (file) => !isTest(file) && /^(app|components)\//.test(file) && /^['"]use client['"]/m.test(readFileSync(path.join(ROOT, file), 'utf8')),
    );
    expect(client.length).toBeGreaterThan(10);
    expect(
      client.flatMap((file) => importsOf(file).filter((to) => /^(lib\/server|build)\//.test(to)).map((to) => [file, to])),
    ).toEqual([]);
  });

  it('lib/ holds TypeScript only: what plain Node scripts share with the product lives in config/', () => {
    expect(sources.filter((file) => file.startsWith('lib/') && /\.(mjs|js)$/.test(file))).toEqual([]);
  });
});
