/** @jest-environment node */
import { firstDifference, metadataTags } from './head-contract.mjs';

describe('the head contract', () => {
  const nextHead =
    '<html><head><meta http-equiv="Content-Security-Policy" content="default-src \'self\'"/><meta charSet="utf-8"/>' +
    '<meta name="viewport" content="width=device-width"/><link rel="stylesheet" href="/a.css"/>' +
    '<meta name="theme-color" content="#5624d0"/><title>A &amp; B | Coursely</title>' +
    '<link rel="canonical" href="https://x.test/a/"/><meta property="og:type" content="article"/>' +
    '<link rel="apple-touch-icon" href="/apple-icon.png"/></head><body><meta name="in-body" content="x"/></body></html>';

  it("reads the tags Metadata makes from a page's head, in order, and nothing else", () => {
    expect(metadataTags(nextHead)).toEqual([
      '<meta name="theme-color" content="#5624d0">',
      '<title> "A & B | Coursely"',
      '<link rel="canonical" href="https://x.test/a/">',
      '<meta property="og:type" content="article">',
    ]);
  });

  it('names the first tag where two heads part, or nothing when they agree', () => {
    const tags = metadataTags(nextHead);
    expect(firstDifference(tags, tags)).toBeUndefined();
    expect(firstDifference(tags, [...tags.slice(0, 2), ...tags.slice(3)])).toBe(
      'tag 3: Next writes <link rel="canonical" href="https://x.test/a/">, HeadTags writes <meta property="og:type" content="article">',
    );
    expect(firstDifference(tags, tags.slice(0, 3))).toMatch(/^tag 4: .*HeadTags writes \(nothing\)$/);
  });
});
