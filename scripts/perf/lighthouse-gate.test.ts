import { judge } from './lighthouse-gate.mjs';

const medians = (lcp: number, { others = 1, cls = 0, performance = 1 } = {}) => ({
  scores: { performance, accessibility: others, 'best-practices': others, seo: others },
  metrics: { cls, lcp },
});

describe('judge', () => {
  it('passes a page as fast as the reference on an idle machine', () => {
    expect(judge(medians(1200), medians(1100))).toEqual([]);
  });

  it('stays green when a busy machine slows the page and the reference alike', () => {
    expect(judge(medians(2600), medians(2400))).toEqual([]);
  });

  it('allows LCP up to 1.3x the reference, names the limit past it', () => {
    expect(judge(medians(1560), medians(1200))).toEqual([]);
    expect(judge(medians(1600), medians(1200))).toEqual([
      "LCP 1600 ms (must be ≤ 1560 ms: the reference's 1200 ms × 1.3)",
    ]);
  });

  it('leaves the performance score to blocking.mjs: a low one (TBT-driven) fails nothing', () => {
    const withTbt = { ...medians(1000, { performance: 0.6 }), metrics: { cls: 0, lcp: 1000, tbt: 900 } };
    expect(judge(withTbt, medians(1000))).toEqual([]);
  });

  it('fails on an absolute shortfall whatever the reference: accessibility, best practices, SEO below 1, any CLS', () => {
    expect(judge(medians(1000, { others: 0.98, cls: 0.01 }), medians(1000))).toEqual([
      'accessibility 0.98 (must be 1)',
      'best-practices 0.98 (must be 1)',
      'seo 0.98 (must be 1)',
      'CLS 0.01 (must be 0)',
    ]);
  });

  it('fails a category Lighthouse could not score (null)', () => {
    const page = medians(1000);
    page.scores.seo = null as unknown as number;
    expect(judge(page, medians(1000))).toEqual(['seo null (must be 1)']);
  });
});
