import { imageFindings, judge, lcpUndecided, runScores, runSettings } from './lighthouse-gate.mjs';

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

describe('imageFindings', () => {
  const photo = (shown: [number, number], rect: [number, number], totalBytes: number, srcset = true) => ({
    url: 'http://127.0.0.1/_img/images/synthetic/photo-3.jpg.720w.webp',
    totalBytes,
    node: {
      snippet: `<img alt="" loading="lazy" ${srcset ? 'srcset="/_img/a.720w.webp 720w" ' : ''}src="a.webp">`,
      boundingRect: { width: rect[0], height: rect[1] },
    },
    subItems: {
      items: [
        {
          reason: `This image file is larger than it needs to be (720x405) for its displayed dimensions (${shown[0]}x${shown[1]}). Use responsive images to reduce the image download size.`,
          wastedBytes: 1,
        },
      ],
    },
  });

  it('clears a cover the engine measured in CSS pixels when, at the phone’s 1.75×, its file fits the slot', () => {
    // 378×213 CSS px at 1.75× is 662×373 device px: 15% of a 720×405 file, 3 KB of 19.7 KB.
    expect(imageFindings([photo([378, 213], [378, 213], 19740)], 1.75)).toEqual([]);
  });

  it('still fails a file too large for its slot at the device’s pixel ratio', () => {
    // A 200×113 CSS px slot needs 350×197 px: 76% of the file is surplus, 38 KB of 50 KB.
    expect(imageFindings([photo([200, 113], [200, 113], 50000)], 1.75)).toEqual([
      expect.stringContaining('photo-3.jpg.720w.webp: This image file is larger than it needs to be (720x405)'),
    ]);
  });

  it('holds an image without a srcset to the 4 KB rule', () => {
    // 15% surplus of 30 KB is 4.6 KB: within 12 KB for a srcset, past 4 KB without one.
    expect(imageFindings([photo([378, 213], [378, 213], 30000, true)], 1.75)).toEqual([]);
    expect(imageFindings([photo([378, 213], [378, 213], 30000, false)], 1.75)).toHaveLength(1);
  });

  it('keeps a size the engine did scale, and every other reason, as Lighthouse gave them', () => {
    expect(imageFindings([photo([662, 373], [378, 213], 90000)], 1.75)).toHaveLength(1);
    const compression = {
      url: 'http://127.0.0.1/a.webp',
      totalBytes: 90000,
      subItems: {
        items: [{ reason: "Increasing the image compression factor could improve this image's download size." }],
      },
    };
    expect(imageFindings([compression], 1.75)).toEqual([
      "http://127.0.0.1/a.webp: Increasing the image compression factor could improve this image's download size.",
    ]);
    expect(imageFindings([{ url: 'http://127.0.0.1/b.webp' }], 1.75)).toEqual(['http://127.0.0.1/b.webp']);
  });

  it('judges nothing again at a pixel ratio of 1 (desktop)', () => {
    expect(imageFindings([photo([378, 213], [378, 213], 19740)], 1)).toHaveLength(1);
  });
});

describe('lcpUndecided', () => {
  it('asks for more runs only when the median ratio sits within its noise of the bound', () => {
    const reference = [1000, 1000, 1000];
    expect(lcpUndecided([600, 650, 700], reference)).toBe(false);
    expect(lcpUndecided([2000, 2100, 1900], reference)).toBe(false);
    expect(lcpUndecided([1100, 1300, 1500], reference)).toBe(true);
  });

  it('pairs each run with the reference run of the same round', () => {
    // Each run 1.25× the reference of its round: no spread, so decided, though the raw values spread.
    expect(lcpUndecided([1250, 2500, 1875], [1000, 2000, 1500])).toBe(false);
  });
});

describe('runSettings', () => {
  const everything = ['performance', 'accessibility', 'best-practices', 'seo'];

  it("gathers the document's categories on a page's first run of a preset, performance alone after", () => {
    expect(runSettings({}, 1).onlyCategories).toEqual(everything);
    expect(runSettings({}, 2).onlyCategories).toEqual(['performance']);
    expect(runSettings({}, 7).onlyCategories).toEqual(['performance']);
  });

  it('keeps performance, where LCP, CLS and the image audit are, on every run', () => {
    for (const run of [1, 2, 3, 4, 5])
      for (const page of [{}, { noindex: true }, { reference: true }])
        expect(runSettings(page, run).onlyCategories).toContain('performance');
  });

  it('gathers the reference as the pages in each round, so both sides of the LCP ratio are run alike', () => {
    expect(runSettings({ reference: true }, 1)).toEqual(runSettings({}, 1));
    expect(runSettings({ reference: true }, 3)).toEqual(runSettings({}, 3));
  });

  it('skips the unread back/forward cache audit everywhere, is-crawlable only where a noindex page runs SEO', () => {
    expect(runSettings({}, 1).skipAudits).toEqual(['bf-cache']);
    expect(runSettings({ noindex: true }, 1).skipAudits).toEqual(['bf-cache', 'is-crawlable']);
    expect(runSettings({ noindex: true }, 2).skipAudits).toEqual(['bf-cache']);
  });
});

describe('runScores', () => {
  const first = { performance: 0.97, accessibility: 1, 'best-practices': 1, seo: 1 };

  it("takes the median performance score and the document's categories from the run that gathered them", () => {
    expect(runScores([{ scores: first }, { scores: { performance: 1 } }, { scores: { performance: 0.99 } }])).toEqual({
      performance: 0.99,
      accessibility: 1,
      'best-practices': 1,
      seo: 1,
    });
  });

  it('fails a page on its one gathered run: later runs without the category cannot outvote it', () => {
    const scores = runScores([
      { scores: { ...first, accessibility: 0.96 } },
      { scores: { performance: 1 } },
      { scores: { performance: 1 } },
    ]);
    expect(judge({ scores, metrics: { cls: 0, lcp: 900 } }, medians(1000))).toEqual(['accessibility 0.96 (must be 1)']);
  });

  it('judges the lowest when several runs gathered a category, and keeps a score Lighthouse could not give', () => {
    expect(runScores([{ scores: first }, { scores: { ...first, seo: 0.92 } }]).seo).toBe(0.92);
    expect(
      runScores([{ scores: { ...first, 'best-practices': null } }, { scores: first }])['best-practices'],
    ).toBeNull();
  });

  it('leaves out what no run gathered, and a page judged on such scores fails', () => {
    const scores = runScores([{ scores: { performance: 0.93 } }, { scores: { performance: 0.95 } }]);
    expect(scores).toEqual({ performance: 0.94 });
    expect(judge({ scores, metrics: { cls: 0, lcp: 900 } }, medians(1000))).toEqual([
      'accessibility not gathered (must be 1)',
      'best-practices not gathered (must be 1)',
      'seo not gathered (must be 1)',
    ]);
  });
});
