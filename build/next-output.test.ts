/**
 * @jest-environment node
 *
 * The contract of next-output.ts with a real build: every fact it states about what `next build`
 * writes, checked against the export in out/ (adapted) and Next's own copy of the pages in
 * .next/server/app/ (as Next wrote them), when a build has left them. After a Next upgrade, a
 * failure here names the fact that no longer holds. Without a build, only the first test runs:
 * `npm run build` first (npm test does).
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { withoutHint } from './compile-hints';
import { readManifest } from './manifest';
import {
  BROWSER_DEFINES,
  CHUNK_HEAD_LENGTH,
  NEXT_BOOTSTRAP,
  PAYLOAD_FILE,
  dropSegmentPrefetchFiles,
  exportBuildId,
  isStaticFile,
  lazyChunks,
  payloadBuildId,
  payloadChunkUrls,
  payloadRow,
  routePage,
  runtimeLast,
  scriptWords,
  withBuildId,
  withoutBuildId,
} from './next-output';
import { inspectPage } from './page';

const root = path.resolve(__dirname, '..');
const outDir = path.join(root, 'out');
const nextPages = path.join(root, '.next/server/app');
/*
 * The contract with a real build skips where there is none (the unit step of `npm test` runs before
 * the build); `npm run check:next-output`, after it, sets NEXT_OUTPUT_REQUIRED, and a missing build fails.
 */
const required = process.env.NEXT_OUTPUT_REQUIRED === '1';
const built = (file: string) => {
  if (existsSync(file)) return true;
  if (required) throw new Error(`${path.relative(root, file)} is missing: run \`npm run build\` first`);
  return false;
};
const next = JSON.parse(readFileSync(path.join(root, 'node_modules/next/package.json'), 'utf8')).version;

/** Throws, naming the fact about Next's output that no longer holds, when `holds` is false. */
function contract(holds: boolean, fact: string, detail = ''): void {
  if (!holds)
    throw new Error(
      `Next's output changed (next@${next}): ${fact}${detail ? `\n  ${detail}` : ''}\n` +
        '  build/next-output.ts states what the export relies on: bring it up to date.',
    );
}

const read = (file: string) => readFileSync(path.join(outDir, file), 'utf8');

describe('the build id', () => {
  it('is read from row 0 and stands in for itself in kept text, as any build of the same sources', () => {
    const payload = '0:{"P":null,"b":"abc-1"}\n1:"x abc-1"\n';
    const id = payloadBuildId(payload, PAYLOAD_FILE);
    expect(id).toBe('abc-1');
    expect(withoutBuildId(payload, id)).not.toContain(id);
    expect(withoutBuildId(payload, id)).toBe(withoutBuildId(payload.replaceAll(id, 'zz-9'), 'zz-9'));
    expect(withBuildId(withoutBuildId(payload, id), 'zz-9')).toBe(payload.replaceAll(id, 'zz-9'));
  });

  it('reads an inline payload row, and tells a row of another kind from a script that is none', () => {
    expect(payloadRow('self.__next_f.push([1,"0:{}\\n"])')).toBe('0:{}\n');
    expect(payloadRow('self.__next_f.push([2,"form state"])')).toBeNull();
    expect(payloadRow('console.log(1)')).toBeUndefined();
  });
});

/** Runs `test` in a new empty folder, removed afterwards. */
async function inTempDir(test: (dir: string) => Promise<void>): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'next-output-'));
  try {
    await test(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('routePage', () => {
  it("is a route's page in the export", () => {
    expect(routePage('/courses/py-101/reviews/')).toBe('courses/py-101/reviews/index.html');
    expect(routePage('/')).toBe('index.html');
  });
});

describe("Next's segment prefetch files", () => {
  it('all go, in every route folder, and nothing else', () =>
    inTempDir(async (dir) => {
      const segments = [
        '__next._full.txt',
        '__next._tree.txt',
        '__next._head.txt',
        '__next.courses.$d$id.__PAGE__.txt',
      ];
      const kept = ['index.html', 'index.txt', 'search-index.txt', 'notes__next.txt'];
      const folders = ['', ...Array.from({ length: 150 }, (_, index) => `courses/c-${index}/`)];
      for (const folder of folders) {
        mkdirSync(path.join(dir, folder), { recursive: true });
        for (const file of [...segments, ...kept]) writeFileSync(path.join(dir, folder, file), 'x');
      }
      expect(await dropSegmentPrefetchFiles(dir)).toBe(folders.length * segments.length);
      for (const folder of folders) {
        for (const file of segments) expect(existsSync(path.join(dir, folder, file))).toBe(false);
        for (const file of kept) expect(existsSync(path.join(dir, folder, file))).toBe(true);
      }
      expect(await dropSegmentPrefetchFiles(dir)).toBe(0);
    }));
});

(built(path.join(outDir, 'index.html')) ? describe : describe.skip)(
  "Next's output in a real build (out/, .next/server/app/)",
  () => {
    // Read once the suite runs: Jest runs a skipped describe's body too, to collect its tests.
    let manifest: ReturnType<typeof readManifest>;
    let entries: [string, ReturnType<typeof readManifest>['pages'][string]][];
    beforeAll(() => {
      manifest = readManifest(outDir);
      // Next's pages: those the export makes itself (documents.ts) load no script.
      entries = Object.entries(manifest.pages).filter(([, entry]) => entry.loader);
    });

    it("carries one build id, in row 0 of every page's payload", () => {
      const id = exportBuildId(outDir);
      for (const [page, entry] of entries) {
        contract(entry.payload.endsWith(PAYLOAD_FILE), `${page}'s payload is not its ${PAYLOAD_FILE}`, entry.payload);
        let found = '';
        let problem = '';
        try {
          found = payloadBuildId(read(entry.payload), entry.payload);
        } catch (error) {
          problem = String(error);
        }
        contract(!problem, 'a payload has no build id in row 0', problem);
        contract(found === id, `${entry.payload} carries build id ${found}, the home page ${id}`);
      }
    });

    it('names Turbopack chunks under the static folder, exactly one of them the runtime', () => {
      for (const [page, entry] of entries) {
        for (const script of entry.scripts) contract(isStaticFile(script), `a start-up script outside it: ${script}`);
        const head = (file: string) => withoutHint(read(file)).slice(0, CHUNK_HEAD_LENGTH);
        let problem = '';
        try {
          runtimeLast(entry.scripts, head, page);
        } catch (error) {
          problem = String(error);
        }
        contract(!problem, 'Turbopack chunks no longer begin as next-output.ts says', problem);
      }
    });

    it("names the client components' chunks in the payload, and chunks loaded on demand in scripts", () => {
      const named = entries.flatMap(([, entry]) => (entry.payload ? payloadChunkUrls(read(entry.payload)) : []));
      contract(named.length > 0, "no payload names a client component's chunk (/_next/static/chunks/….js)");
      for (const url of named)
        contract(existsSync(path.join(outDir, url.slice(manifest.basePath.length + 1))), `${url} is not in the export`);
      const scripts = [...new Set(entries.flatMap(([, entry]) => entry.scripts))];
      const lazy = scripts.flatMap((file) => lazyChunks(read(file)));
      contract(lazy.length > 0, "no start-up script names a chunk it loads on demand ('static/chunks/….js')");
      for (const file of lazy) contract(existsSync(path.join(outDir, file)), `${file}, loaded on demand, is missing`);
    });

    it('fetches payloads with the query parameter the service worker ignores (__NEXT_RSC_PARAM__)', () => {
      const words = new Set(
        [...new Set(entries.flatMap(([, entry]) => entry.scripts))].flatMap((file) => [...scriptWords(read(file))]),
      );
      const param = BROWSER_DEFINES.__NEXT_RSC_PARAM__;
      contract(words.has(param), `no start-up script spells the payload's query parameter '${param}'`);
    });

    it("keeps class names whole string literals in the chunks (each page's inlined rules rely on it)", () => {
      const words = new Set(
        [...new Set(entries.flatMap(([, entry]) => entry.scripts))].flatMap((file) => [...scriptWords(read(file))]),
      );
      for (const name of ['btn-primary', 'btn-md'])
        contract(
          words.has(name) || words.has(`.${name}`),
          `the class name ${name} (components/ui/button.tsx) is no string literal in any chunk`,
        );
    });

    (built(nextPages) ? it : it.skip)(
      'writes pages with a bootstrap, an inline payload of known rows, chunks and a stylesheet',
      () => {
        for (const page of ['index.html', 'cart.html', '_not-found.html']) {
          const html = readFileSync(path.join(nextPages, page), 'utf8');
          contract(html.includes(`<script>${NEXT_BOOTSTRAP}</script>`), `${page} has no bootstrap script`);
          let problem = '';
          try {
            const shape = inspectPage(html, page);
            payloadBuildId(shape.payload, page);
          } catch (error) {
            problem = String(error);
          }
          contract(!problem, `${page} no longer has the shape the adapter reads`, problem);
        }
      },
    );
  },
);
