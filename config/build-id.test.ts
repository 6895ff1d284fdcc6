/** @jest-environment node */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildId, catalogueFiles, codeFiles, gitignoreTest, inputsHash } from './build-id.mjs';
import { readEnv } from './env.mjs';

/** A small project: source, a lockfile, an ignored build folder and the shipped catalogue. */
function project(): string {
  const root = mkdtempSync(path.join(tmpdir(), 'build-id-'));
  const files: Record<string, string> = {
    '.gitignore':
      'node_modules/\n.next/\nout-*/\n*.tsbuildinfo\nnext-env.d.ts\n.synthetic/\npublic/images/synthetic/\n',
    'app/page.tsx': 'export default function Page() { return null; }\n',
    'package-lock.json': '{"lockfileVersion":3}\n',
    'data/courses.json': '[]\n',
    'data/categories.json': '[]\n',
    'data/reviews.json': '{}\n',
    'public/images/courses/py-101.jpg': 'jpeg',
    'public/images/categories/python.svg': '<svg/>',
    'public/videos/py-101.vtt': 'WEBVTT\n',
    'public/icons/icon-192.png': 'png',
    'public/_headers': '/*\n',
  };
  for (const [file, text] of Object.entries(files)) write(root, file, text);
  return root;
}

function write(root: string, file: string, text: string) {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), text);
}

let root: string;
beforeEach(() => {
  root = project();
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('buildId', () => {
  it('is the same for the same inputs, and shaped as Next draws its own', () => {
    const id = buildId(root, {});
    expect(id).toMatch(/^[\w-]{21}$/);
    expect(buildId(root, {})).toBe(id);
  });

  it('changes with the source, an untracked source file, the lockfile or a file of the site itself under public/', () => {
    const changes: [string, string][] = [
      ['app/page.tsx', 'export default function Page() { return 1; }\n'],
      ['lib/new-module.ts', 'export const x = 1;\n'],
      ['package-lock.json', '{"lockfileVersion":3,"packages":{}}\n'],
      ['public/icons/icon-192.png', 'other png'],
      ['public/_headers', '/*\n  X-Frame-Options: DENY\n'],
      ['build/main.ts', 'export {};\n'],
      ['scripts/build.mjs', 'export {};\n'],
      ['next.config.mjs', 'export default {};\n'],
      ['tailwind.config.ts', 'export default {};\n'],
    ];
    const seen = new Set([buildId(root, {})]);
    for (const [file, text] of changes) {
      const inputs = inputsHash(root, {});
      write(root, file, text);
      const id = buildId(root, {});
      expect({ file, fresh: !seen.has(id), inputs: inputsHash(root, {}) !== inputs }).toEqual({
        file,
        fresh: true,
        inputs: true,
      });
      seen.add(id);
    }
  });

  // Every page carries the id: one that moved with a price would change every file of the export.
  it('stays the same for any edit of the catalogue: its data, photos and videos, however named', () => {
    const id = buildId(root, {});
    const changes: [string, string][] = [
      ['data/courses.json', '[{}]\n'],
      ['data/categories.json', '[{"id":"python"}]\n'],
      ['data/reviews.json', '{"a":[]}\n'],
      ['data/new-catalogue.json', '[]\n'],
      ['public/images/courses/py-101.jpg', 'other jpeg'],
      ['public/images/courses/py-102.jpg', 'a new cover'],
      ['public/images/categories/python.svg', '<svg></svg>'],
      ['public/videos/py-101.vtt', 'WEBVTT\n\n1\n'],
      // Ignored by git, yet a photo of the synthetic catalogue.
      ['public/images/synthetic/a.jpg', 'jpeg'],
    ];
    const seen = new Set([inputsHash(root, {})]);
    for (const [file, text] of changes) {
      write(root, file, text);
      const inputs = inputsHash(root, {});
      expect({ file, id: buildId(root, {}), inputsChanged: !seen.has(inputs) }).toEqual({
        file,
        id,
        inputsChanged: true,
      });
      seen.add(inputs);
    }
  });

  it('stays the same for an edit of a catalogue named by CATALOGUE, INSTRUCTORS, REVIEWS or COUPONS, wherever it is', () => {
    for (const name of ['courses', 'instructors', 'reviews']) write(root, `.synthetic/${name}.json`, '[]\n');
    write(root, 'shop/coupons.json', '[]\n');
    const env = {
      CATALOGUE: '.synthetic/courses.json',
      INSTRUCTORS: '.synthetic/instructors.json',
      REVIEWS: '.synthetic/reviews.json',
      COUPONS: 'shop/coupons.json',
    };
    const id = buildId(root, env);
    for (const file of [
      '.synthetic/courses.json',
      '.synthetic/instructors.json',
      '.synthetic/reviews.json',
      'shop/coupons.json',
    ]) {
      const inputs = inputsHash(root, env);
      write(root, file, `[${file.length}]\n`);
      expect({ file, id: buildId(root, env) }).toEqual({ file, id });
      expect(inputsHash(root, env)).not.toBe(inputs);
    }
    // Which files are the catalogue is a setting: naming others is another build.
    expect(buildId(root, {})).not.toBe(id);
  });

  it('changes with every setting that shapes the export, not with where or how fast it is built', () => {
    const id = buildId(root, {});
    for (const env of [
      { SITE_URL: 'https://courses.example.com' },
      { BASE_PATH: '/storefront' },
      { CHECKOUT_PROVIDER: 'form', CHECKOUT_FORM_URL: 'https://pay.example.com/checkout' },
    ])
      expect(buildId(root, env)).not.toBe(id);
    expect(buildId(root, { NEXT_DIST_DIR: 'out-other', NEXT_BUILD_WORKERS: '1' })).toBe(id);
  });

  // A commit of docs or tests would otherwise change every page and upload the whole export again.
  it('stays the same for what only tests, checks or describes the code', () => {
    const id = buildId(root, {});
    for (const file of [
      'README.md',
      'docs/performance.md',
      'lib/cart.md',
      'e2e/cart.spec.ts',
      'lib/cart.test.ts',
      'components/cart/cart-view.test.tsx',
      'config/env.test.ts',
      'lib/__tests__/helper.ts',
      'test/helpers/load-catalogue.ts',
      'scripts/perf/blocking.mjs',
      'scripts/check/budget.mjs',
      'scripts/bench/scale.mjs',
      'jest.config.mjs',
      'playwright.config.ts',
      '.ci/run',
      '.scratch/note.md',
    ]) {
      write(root, file, `${file}\n`);
      expect({ file, id: buildId(root, {}) }).toEqual({ file, id });
    }
  });

  it('ignores what git ignores: build output and installed packages', () => {
    const id = buildId(root, {});
    write(root, '.next/cache/x', 'a');
    write(root, 'out-synth/index.html', 'a');
    write(root, 'node_modules/a/index.js', 'a');
    write(root, 'tsconfig.tsbuildinfo', 'a');
    // Next writes it during the first build of a fresh clone: the second build must get the same id.
    write(root, 'next-env.d.ts', '/// <reference types="next" />\n');
    expect(buildId(root, {})).toBe(id);
  });
});

describe('the code the id hashes', () => {
  const project = path.resolve(__dirname, '..');
  const hashed = new Set([...codeFiles(project, readEnv({})), ...catalogueFiles(project, readEnv({}))]);
  const candidates = ['', '.ts', '.tsx', '.mjs', '.js', '.json', '.css', '/index.ts', '/index.tsx', '/index.mjs'];

  /**
   * The project file a relative or '@/' specifier names, or undefined for a package or Next's own
   * build output (.next/). A relative one is read from the file's folder or, for an entry module
   * a check hands esbuild as text, from the project's.
   */
  function resolved(from: string, specifier: string): string | undefined {
    if (!specifier.startsWith('.') && !specifier.startsWith('@/')) return undefined;
    const bases = specifier.startsWith('@/')
      ? [path.join(project, specifier.slice(2))]
      : [path.resolve(project, path.dirname(from), specifier), path.resolve(project, specifier)];
    const found = bases
      .flatMap((base) => candidates.map((ending) => base + ending))
      .find((file) => existsSync(file) && statSync(file).isFile());
    const file = path.relative(project, found ?? bases[0] ?? specifier).replaceAll('\\', '/');
    return file.startsWith('.next/') ? undefined : file;
  }

  // A module the build imports from outside EXPORT_SOURCES would change the export and not the id.
  it('holds every module and stylesheet that what it hashes imports', () => {
    const escaped: string[] = [];
    for (const file of hashed) {
      if (!/\.(tsx?|[cm]?js|css)$/.test(file)) continue;
      const text = readFileSync(path.join(project, file), 'utf8');
      const specifiers = [
        ...text.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*|\brequire\s*\(\s*|@(?:import|config)\s+)['"]([^'"]+)['"]/g),
      ].map((match) => match[1] ?? '');
      for (const specifier of specifiers) {
        const target = resolved(file, specifier);
        if (target !== undefined && !hashed.has(target)) escaped.push(`${file} imports ${specifier}`);
      }
    }
    expect(escaped).toEqual([]);
  });

  it('leaves out docs, tests and the checks', () => {
    const files = codeFiles(project, readEnv({}));
    expect(files).toContain('app/layout.tsx');
    expect(files).toContain('build/main.ts');
    expect(files).toContain('scripts/build.mjs');
    expect(files.filter((file) => /\.md$|\.test\.|^(docs|e2e|test|scripts\/(perf|check|bench))\//.test(file))).toEqual(
      [],
    );
  });
});

describe('gitignoreTest', () => {
  const ignored = gitignoreTest(
    '# comment\nnode_modules/\nout-*/\n*.tsbuildinfo\npublic/images/synthetic/\n.DS_Store\n',
  );

  it('reads names at any depth, globs, folders-only and paths from the root', () => {
    expect(ignored('node_modules', true)).toBe(true);
    expect(ignored('budget/reference/node_modules', true)).toBe(true);
    expect(ignored('node_modules', false)).toBe(false);
    expect(ignored('out-synth', true)).toBe(true);
    expect(ignored('out', true)).toBe(false);
    expect(ignored('tsconfig.tsbuildinfo', false)).toBe(true);
    expect(ignored('lib/.DS_Store', false)).toBe(true);
    expect(ignored('public/images/synthetic', true)).toBe(true);
    expect(ignored('x/public/images/synthetic', true)).toBe(false);
    expect(ignored('lib/cart.ts', false)).toBe(false);
  });
});
