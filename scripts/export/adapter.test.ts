import { cspMeta, contentSecurityPolicy, scriptHashes, unallowedInlineScripts } from './csp.mjs';
import { cachedPage, rehashed } from './adapter.mjs';
import { withBuildId, withoutBuildId } from './next-output.mjs';

/*
 * The page cache keeps a page's rewrite with the build id swapped for a placeholder, and puts the
 * next build's id back. A page that keeps its payload inline has the id in scripts its policy
 * allows by hash: those hashes must follow the id.
 */
describe('a cached page that keeps its payload inline', () => {
  const stub = 'window.__loader()';
  const row = (buildId: string) => `self.__next_f.push([1,"0:{\\"b\\":\\"${buildId}\\",\\"c\\":[\\"\\"]}"])`;
  /** An adapted page as the page step writes it: its policy allows its inline scripts by hash. */
  function adapted(buildId: string) {
    const scripts = [row(buildId), stub];
    const hashes = scriptHashes(scripts);
    const output =
      `<html><head>${cspMeta(contentSecurityPolicy(hashes, 'courses/py-101/reviews/index.html'))}</head>` +
      `<body><p>Reviews</p>${scripts.map((text) => `<script>${text}</script>`).join('')}</body></html>`;
    const entry = {
      url: '/courses/py-101/reviews/',
      scripts: ['_next/static/chunks/main.js'],
      loader: '_next/static/loader/abc.js',
      stylesheets: [],
      payload: '',
      rsc: [],
      inlineScriptHashes: hashes,
      bytes: { html: output.length, payload: 0 },
    };
    const result = { entry, rewritten: true, chunks: [] as string[] };
    return { result, output };
  }

  /** Through the cache: kept under one build's id, given back under the next's. */
  function throughCache(made: ReturnType<typeof adapted>, from: string, to: string) {
    const kept = withoutBuildId(JSON.stringify(cachedPage(made, from)), from);
    return rehashed(JSON.parse(withBuildId(kept, to)), to);
  }

  it('comes back allowing its payload with the new build id, and no longer the old', () => {
    const made = adapted('build-one');
    const back = throughCache(made, 'build-one', 'build-two');
    expect(back.output).toContain('build-two');
    expect(back.output).not.toContain('build-one');
    expect(unallowedInlineScripts(back.output, back.result.entry.inlineScriptHashes)).toBe(0);
    // Byte for byte the page the next build would write itself.
    expect(back).toEqual(adapted('build-two'));
  });

  it('would not run without the new hashes: the old policy refuses the new payload', () => {
    const made = adapted('build-one');
    const swapped = withBuildId(withoutBuildId(made.output, 'build-one'), 'build-two');
    expect(unallowedInlineScripts(swapped, made.result.entry.inlineScriptHashes)).toBe(1);
  });

  it('keeps a page without the id in a script as it was', () => {
    const page = adapted('build-one');
    const made = { ...page, output: page.output.replace(row('build-one'), 'self.__next_f.push([0])') };
    expect(cachedPage(made, 'build-one').withBuildId).toEqual([]);
    expect(throughCache(made, 'build-one', 'build-two')).toEqual(made);
  });

  it('is refused when its scripts with the build id are not the ones it kept', () => {
    const kept = cachedPage(adapted('build-one'), 'build-one');
    expect(() => rehashed({ ...kept, withBuildId: [] }, 'build-one')).toThrow(/kept 0 scripts/);
  });
});
