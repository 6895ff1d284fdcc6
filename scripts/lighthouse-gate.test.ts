import { judge } from './lighthouse-gate.mjs';

const medians = (performance: number, tbt: number, lcp: number, others = 1, cls = 0) => ({
  scores: { performance, accessibility: others, 'best-practices': others, seo: others },
  metrics: { cls, lcp, tbt },
});

describe('judge', () => {
  it('passes a page as fast as the reference on an idle machine', () => {
    expect(judge(medians(1, 0, 1200), medians(1, 0, 1100))).toEqual([]);
  });

  it('stays green when a busy machine slows the page and the reference alike', () => {
    // The figures of a loaded CI run: the empty reference page itself at 0.90 with 408 ms TBT.
    expect(judge(medians(0.88, 420, 2600), medians(0.9, 408, 2400))).toEqual([]);
  });

  it('fails when the page is the slower one: performance, TBT, LCP, each named with its limit', () => {
    expect(judge(medians(0.85, 300, 2000), medians(0.9, 200, 1900))).toEqual([
      "performance 0.85 (must be ≥ 0.88: the reference's 0.9 - 0.02)",
      "TBT 300 ms (must be ≤ 220 ms: the reference's 200 ms × 1.1)",
    ]);
    expect(judge(medians(0.99, 0, 1600), medians(1, 0, 1200))).toEqual([
      "LCP 1600 ms (must be ≤ 1560 ms: the reference's 1200 ms × 1.3)",
    ]);
  });

  it('fails on an absolute shortfall whatever the reference: accessibility, best practices, SEO below 1, any CLS', () => {
    expect(judge(medians(1, 0, 1000, 0.98, 0.01), medians(1, 0, 1000))).toEqual([
      'accessibility 0.98 (must be 1)',
      'best-practices 0.98 (must be 1)',
      'seo 0.98 (must be 1)',
      'CLS 0.01 (must be 0)',
    ]);
  });

  it('allows a few milliseconds of TBT over a reference at 0 ms, no more', () => {
    expect(judge(medians(1, 8, 1000), medians(1, 0, 1000))).toEqual([]);
    expect(judge(medians(1, 60, 1000), medians(1, 0, 1000))).toHaveLength(1);
  });
});
