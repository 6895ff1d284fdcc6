/**
 * The build's modules (build/ and the config/ they share) import each other in one direction: no
 * circle, so that each can be read, tested and changed from the ones under it. And the build never
 * reaches into the tooling beside it (scripts/): the tools may use the build, not the other way round.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..');
const BUILD = ['build', 'config'];
const EXTENSIONS = ['.mjs', '.ts', '.tsx', '.js', '.cjs'];
const isTest = (file: string) => /\.test\.tsx?$/.test(file);

/** The build's source files, relative to the root, tests aside. */
const files = BUILD.flatMap((dir) =>
  readdirSync(path.join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .map((name) => `${dir}/${name.split(path.sep).join('/')}`)
    .filter((file) => EXTENSIONS.some((ending) => file.endsWith(ending)) && !isTest(file)),
);

/** A module specifier from `file` as a file of the project ('build/cache.ts'), or undefined for a package. */
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
      expect.arrayContaining(['build/adapter.ts', 'build/pages.ts', 'build/export-plan.ts', 'build/document.tsx']),
    );
    expect(graph.get('build/adapter.ts')).toEqual(
      expect.arrayContaining(['build/pages.ts', 'build/documents.ts', 'build/export-plan.ts']),
    );
    expect(graph.get('build/index.ts')).toEqual(expect.arrayContaining(['build/main.ts', 'build/threads.ts']));
  });

  it('form no circle', () => {
    expect(circles()).toEqual([]);
  });

  it('finds a circle when there is one', () => {
    graph.set('build/cache.ts', [...(graph.get('build/cache.ts') ?? []), 'build/adapter.ts']);
    try {
      expect(circles()).toEqual(
        expect.arrayContaining([expect.arrayContaining(['build/adapter.ts', 'build/cache.ts'])]),
      );
    } finally {
      graph.set('build/cache.ts', importsOf('build/cache.ts'));
    }
  });

  it('never reach into the tooling beside the build', () => {
    const tooling = [...graph].flatMap(([from, tos]) =>
      tos
        .filter((to) => to.startsWith('scripts/'))
        .map((to) => `${from} -> ${to}`),
    );
    expect(tooling).toEqual([]);
  });
});
