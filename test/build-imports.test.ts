/**
 * The build's modules (scripts/export/, lib/build/, app/_documents/ and the config/ they share)
 * import each other in one direction: no circle, so that each can be read, tested and changed
 * from the ones under it. And the build never reaches into the tooling beside it (scripts/tools/,
 * scripts/check/ and the rest): the tools may use the build, not the other way round.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..');
const BUILD = ['scripts/export', 'lib/build', 'app/_documents', 'config'];
const EXTENSIONS = ['.mjs', '.ts', '.tsx', '.js', '.cjs'];
const isTest = (file: string) => /\.test\.tsx?$/.test(file);

/** The build's source files, relative to the root, tests aside. */
const files = BUILD.flatMap((dir) =>
  readdirSync(path.join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .map((name) => `${dir}/${name.split(path.sep).join('/')}`)
    .filter((file) => EXTENSIONS.some((ending) => file.endsWith(ending)) && !isTest(file)),
);

/** A module specifier from `file` as a file of the project ('scripts/export/cache.mjs'), or undefined for a package. */
function resolve(file: string, specifier: string): string | undefined {
  const base = specifier.startsWith('@/')
    ? specifier.slice(2)
    : specifier.startsWith('.')
      ? path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier))
      : undefined;
  if (base === undefined) return undefined;
  return [
    base,
    ...EXTENSIONS.map((ending) => `${base}${ending}`),
    ...EXTENSIONS.map((ending) => `${base}/index${ending}`),
  ].find((candidate) => existsSync(path.join(ROOT, candidate)) && statSync(path.join(ROOT, candidate)).isFile());
}

/** The project's modules `file` imports, statically, on demand or as a worker thread's script, as files of the project. */
function importsOf(file: string): string[] {
  // Without comments: a JSDoc type's import('…') is not one the module runs.
  const text = readFileSync(path.join(ROOT, file), 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|\s)\/\/[^\n]*/g, '$1');
  const specifiers = [
    ...text.matchAll(
      /(?:^|\s)(?:import|export)\s[^'";]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|^import\s+['"]([^'"]+)['"]|new URL\(\s*['"](\.[^'"]+)['"],\s*import\.meta\.url\s*\)/gm,
    ),
  ].map((match) => match[1] ?? match[2] ?? match[3] ?? match[4] ?? '');
  return specifiers.flatMap((specifier) => {
    const to = resolve(file, specifier);
    return to && to !== file ? [to] : [];
  });
}

const graph = new Map(files.map((file) => [file, importsOf(file)]));

/** Every circle of imports among the build's modules, each as the files around it. */
function circles(): string[][] {
  const found: string[][] = [];
  const done = new Set<string>();
  const visit = (file: string, trail: string[]) => {
    const at = trail.indexOf(file);
    if (at >= 0) return void found.push([...trail.slice(at), file]);
    if (done.has(file) || !graph.has(file)) return;
    for (const to of graph.get(file) ?? []) visit(to, [...trail, file]);
    done.add(file);
  };
  for (const file of files) visit(file, []);
  return found;
}

describe("the build's imports", () => {
  it('are read from every module of the build', () => {
    expect(files).toEqual(
      expect.arrayContaining(['scripts/export/adapter.mjs', 'scripts/export/pages.mjs', 'lib/build/export-plan.ts']),
    );
    expect(graph.get('scripts/export/adapter.mjs')).toEqual(
      expect.arrayContaining(['scripts/export/pages.mjs', 'scripts/export/documents.mjs']),
    );
  });

  it('form no circle', () => {
    expect(circles()).toEqual([]);
  });

  it('finds a circle when there is one', () => {
    graph.set('scripts/export/cache.mjs', [
      ...(graph.get('scripts/export/cache.mjs') ?? []),
      'scripts/export/adapter.mjs',
    ]);
    try {
      expect(circles()).toEqual(
        expect.arrayContaining([expect.arrayContaining(['scripts/export/adapter.mjs', 'scripts/export/cache.mjs'])]),
      );
    } finally {
      graph.set('scripts/export/cache.mjs', importsOf('scripts/export/cache.mjs'));
    }
  });

  it('never reach into the tooling beside the build', () => {
    const tooling = [...graph].flatMap(([from, tos]) =>
      tos
        .filter((to) => to.startsWith('scripts/') && !to.startsWith('scripts/export/'))
        .map((to) => `${from} -> ${to}`),
    );
    expect(tooling).toEqual([]);
  });
});
