import {
  GATE,
  blockingAfter,
  busyAfter,
  fastest,
  judgePage,
  loadFigures,
  median,
  medianNoise,
  ratio,
  slowdownFor,
  sweepHolds,
} from './blocking-stats.mjs';

const task = (start: number, duration: number, cpu = duration) => ({ start, duration, cpu });
const figures = (mainThread: number, longest: number, lcp = 1000) => ({
  mainThread,
  afterFcp: mainThread,
  longest,
  lcp,
  blocking: 0,
  cls: 0,
});

describe('busyAfter', () => {
  it('sums every task after first paint, short ones too', () => {
    expect(busyAfter([task(1000, 10), task(2000, 150)], 500)).toBe(160);
  });

  it('counts only the stretch of a task after first paint', () => {
    expect(busyAfter([task(0, 400), task(300, 200)], 400)).toBe(100);
    expect(busyAfter([], 0)).toBe(0);
  });

  it('counts the thread time of a task, not the time another process held the CPU', () => {
    // Two tasks of 100 ms on the wall clock, of which the thread ran 60 and 100 ms.
    expect(busyAfter([task(1000, 100, 60), task(2000, 100)], 0)).toBe(160);
    // Half of a task after first paint counts half of its thread time.
    expect(busyAfter([task(0, 100, 60)], 50)).toBe(30);
    expect(loadFigures({ tasks: [task(0, 300, 120), task(500, 150)], fcp: 0, lcp: 0, cls: 0 }).longest).toBe(150);
  });

  it('is proportional to the slowness of the CPU, where blocking is not', () => {
    const start = [task(100, 30), task(200, 40), task(300, 45)];
    const twiceAsSlow = start.map(({ start: at, duration }) => task(at * 2, duration * 2));
    expect(busyAfter(twiceAsSlow, 0)).toBe(2 * busyAfter(start, 0));
    expect(blockingAfter(start, 0)).toBe(0);
    expect(blockingAfter(twiceAsSlow, 0)).toBe(10 + 30 + 40);
  });
});

describe('loadFigures', () => {
  it('takes the longest task of the load, before first paint too, with LCP and CLS as reported', () => {
    expect(loadFigures({ tasks: [task(100, 400), task(1000, 120)], fcp: 600, lcp: 900, cls: 0.01 })).toEqual({
      mainThread: 520,
      afterFcp: 120,
      longest: 400,
      lcp: 900,
      blocking: 70,
      cls: 0.01,
    });
  });

  it('is all 0 for a load without tasks', () => {
    expect(loadFigures({ tasks: [], fcp: 100, lcp: 100, cls: 0 })).toMatchObject({
      mainThread: 0,
      afterFcp: 0,
      longest: 0,
    });
  });
});

describe('median and its noise', () => {
  it('takes the middle value, or the mean of the middle two', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(() => median([])).toThrow('No values');
  });

  it('has no noise when the runs agree, and more when they spread', () => {
    expect(medianNoise([1, 1, 1])).toBe(0);
    expect(medianNoise([0.8, 1, 1.3])).toBeGreaterThan(medianNoise([0.95, 1, 1.04]));
  });

  it('shrinks with more runs of the same spread', () => {
    expect(medianNoise([0.9, 1, 1.1, 0.9, 1, 1.1, 0.9, 1, 1.1])).toBeLessThan(medianNoise([0.9, 1, 1.1]));
  });
});

describe('ratio', () => {
  it('is 0 for nothing and Infinity for something against nothing', () => {
    expect(ratio(0, 0)).toBe(0);
    expect(ratio(5, 0)).toBe(Infinity);
    expect(ratio(50, 100)).toBe(0.5);
  });
});

describe('fastest', () => {
  it('takes the fastest load and its gap to the next fastest', () => {
    expect(fastest([300, 100, 110])).toEqual({ value: 100, gap: expect.closeTo(0.1) });
    expect(fastest([100, 100, 900])).toEqual({ value: 100, gap: 0 });
  });

  it('is unsure of a single load, and refuses none', () => {
    expect(fastest([100]).gap).toBe(Infinity);
    expect(() => fastest([])).toThrow('No loads');
  });

  it('takes the second fastest and its gap to the nearer of the loads beside it', () => {
    expect(fastest([300, 90, 100, 121], 2)).toEqual({ value: 100, gap: expect.closeTo(0.1) });
    expect(fastest([300, 95, 100, 110], 2)).toEqual({ value: 100, gap: expect.closeTo(0.05) });
    expect(fastest([300, 100], 2)).toEqual({ value: 300, gap: expect.closeTo(200 / 300) });
    expect(fastest([100], 2)).toEqual({ value: 100, gap: Infinity });
  });

  it('is as unsure of the second fastest as the fastest load is far below it, even when a slower one agrees', () => {
    expect(fastest([300, 50, 100, 110], 2)).toEqual({ value: 100, gap: expect.closeTo(0.5) });
    expect(fastest([548, 957, 970], 2)).toEqual({ value: 957, gap: expect.closeTo(409 / 957) });
  });
});

describe('judgePage', () => {
  const reference = [figures(1000, 400), figures(1020, 410), figures(1010, 405)];

  it('passes a page within every bound, far from them', () => {
    const page = reference.map(({ mainThread, longest }) => figures(mainThread * 1.5, longest * 0.5));
    const verdict = judgePage(page, reference);
    expect(verdict.failures).toEqual([]);
    expect(verdict.undecided).toBe(false);
    expect(verdict.measures.mainThread.ratio).toBeCloseTo(1.5);
    expect(verdict.measures.longest.aimMet).toBe(false);
  });

  it('fails a page whose main thread works past the bound, naming it', () => {
    const page = reference.map(({ mainThread }) => figures(mainThread * (GATE.mainThread.bound + 1), 10));
    expect(judgePage(page, reference).failures).toEqual([
      `main thread ${(GATE.mainThread.bound + 1).toFixed(2)}× the reference's (must be ≤ ${GATE.mainThread.bound}×)`,
    ]);
  });

  it("fails a page whose longest task is longer than the reference's", () => {
    const page = reference.map(({ longest }) => figures(100, longest * 1.2));
    expect(judgePage(page, reference).failures).toEqual([
      `longest task 1.20× the reference's (must be ≤ ${GATE.longest.bound}×)`,
    ]);
  });

  it('keeps its verdict when a busy spell slows one round of either side', () => {
    // The machine was busy in round 2 for the reference and in round 3 for the page: a median of
    // paired ratios would read 0.5 / 2.5 / 0.7 and land wherever the spell fell.
    const busyReference = [figures(2000, 600), figures(9000, 2500), figures(2100, 620)];
    const page = [figures(4000, 400), figures(4100, 410), figures(15000, 1300)];
    const verdict = judgePage(page, busyReference);
    expect(verdict.measures.mainThread.ratio).toBeCloseTo(4100 / 2100);
    expect(verdict.measures.longest.ratio).toBeCloseTo(410 / 620);
    expect(verdict.failures).toEqual([]);
    expect(verdict.undecided).toBe(false);
  });

  it("judges each side's second fastest load: one load that reads short decides nothing", () => {
    // The reference's start-up ran as one task of about 600 ms, but in one load as two of 400 and
    // 200: against that load the page's 300 ms would read 0.75×, not 0.5×.
    const split = [figures(1000, 400), figures(1010, 600), figures(1020, 610)];
    const page = [figures(1500, 300), figures(1510, 305), figures(1520, 320)];
    expect(judgePage(page, split).measures.longest.ratio).toBeCloseTo(305 / 600);
    // One reference load whose start-up the trace missed (half its main thread, no start-up task)
    // would have put the page at 3× the reference's, past the bound.
    const cut = [figures(500, 130), figures(1000, 600), figures(1010, 610)];
    const verdict = judgePage(page, cut);
    expect(verdict.measures.mainThread.ratio).toBeCloseTo(1510 / 1000);
    expect(verdict.failures).toEqual([]);
  });

  it('compares a page only with the reference loads of the rounds it was loaded in', () => {
    const later = [...reference, figures(100, 40)];
    const page = reference.map(({ mainThread, longest }) => figures(mainThread * 1.5, longest * 0.5));
    expect(judgePage(page, later).measures.mainThread.ratio).toBeCloseTo(1.5);
    expect(() => judgePage(page, reference.slice(0, 2))).toThrow('fewer rounds');
  });

  it('asks for more runs while no further load confirms a fast one near a bound', () => {
    // The second fastest longest task is 0.9× the reference's, but the next is 40% slower: unsure.
    const page = [figures(100, 300), figures(100, 365), figures(100, 510)];
    expect(judgePage(page, reference).measures.longest.ratio).toBeCloseTo(365 / 405);
    expect(judgePage(page, reference).undecided).toBe(true);
    // A fourth round that agrees with the slower of the two fast ones leaves it unsure: the fastest
    // still reads 18% below it.
    expect(judgePage([...page, figures(100, 367)], [...reference, figures(1000, 404)]).undecided).toBe(true);
    // One that confirms the fastest decides.
    const confirmed = judgePage([...page, figures(100, 301)], [...reference, figures(1000, 404)]);
    expect(confirmed.undecided).toBe(false);
    expect(confirmed.measures.longest.ratio).toBeCloseTo(301 / 404);
  });

  it('asks for more runs when the loads split in two near a bound, and takes the mode more loads confirm', () => {
    // The CI run of `564a196`, photo course page: two loads' longest task near the reference's and
    // one half as long. Judged on the two that agree it failed at 1.05× ±0.03.
    const ciReference = [figures(2781, 927), figures(2276, 898), figures(2687, 915)];
    const split = [figures(7961, 957), figures(4732, 970), figures(5230, 548)];
    const verdict = judgePage(split, ciReference);
    expect(verdict.measures.longest.ratio).toBeCloseTo(957 / 915);
    expect(verdict.undecided).toBe(true);
    // Rounds that bring the short task again decide for it; rounds that bring the long one, against.
    const more = [figures(2515, 967), figures(2600, 905), figures(2700, 930)];
    const short = judgePage(
      [...split, figures(5100, 560), figures(5000, 552), figures(5200, 571)],
      [...ciReference, ...more],
    );
    expect(short.measures.longest.ratio).toBeCloseTo(552 / 905);
    expect(short.undecided).toBe(false);
    expect(short.failures).toEqual([]);
    const long = judgePage(
      [...split, figures(5100, 990), figures(5000, 1002), figures(5200, 985)],
      [...ciReference, ...more],
    );
    expect(long.measures.longest.ratio).toBeCloseTo(957 / 905);
    expect(long.failures).toHaveLength(1);
  });

  it('measures a ratio to the precision a sweep asks for, far from any bound', () => {
    // Longest task 0.5× the reference's, but the fastest load is 25% faster.
    const page = [figures(1500, 150), figures(1510, 200), figures(1520, 260)];
    expect(judgePage(page, reference).undecided).toBe(false);
    expect(judgePage(page, reference, { precision: 0.1 }).undecided).toBe(true);
    expect(
      judgePage([...page, figures(1500, 152)], [...reference, figures(1000, 404)], { precision: 0.1 }).undecided,
    ).toBe(false);
  });

  it('does not judge LCP under applied throttling, nor CLS: they are printed', () => {
    const page = reference.map(() => ({ ...figures(100, 10, 9000), cls: 0.2 }));
    const verdict = judgePage(page, reference);
    expect(verdict.failures).toEqual([]);
    expect(verdict.measures.lcp.ratio).toBeCloseTo(9);
    expect(verdict.cls).toBe(0.2);
  });
});

describe('slowdownFor', () => {
  it("slows the CPU so that the reference's start-up costs the target", () => {
    expect(slowdownFor(1000, 4, 2000)).toBe(8);
    expect(slowdownFor(500, 4, 2000)).toBe(16);
  });

  it('never speeds a machine up, and refuses a reference that measured nothing', () => {
    expect(slowdownFor(9000, 4, 2000)).toBe(1);
    expect(() => slowdownFor(0, 4, 2000)).toThrow('measured 0 ms');
  });
});

describe('sweepHolds', () => {
  const run = (passes: boolean, mainThread: number, longest: number) => ({
    home: { passes, ratios: { mainThread, longest, lcp: 1 } },
  });

  it('holds when verdicts agree and the ratios stay within ±20%', () => {
    expect(sweepHolds([run(true, 1.5, 0.5), run(true, 1.6, 0.55), run(true, 1.7, 0.5)])).toEqual([]);
  });

  it('names a page whose verdict changes with the slowdown', () => {
    expect(sweepHolds([run(true, 1.5, 0.5), run(false, 1.6, 0.5), run(true, 1.5, 0.5)])).toEqual([
      'home: the verdict changes with the slowdown',
    ]);
  });

  it('names a ratio that moves more than ±20% with the slowdown', () => {
    expect(sweepHolds([run(true, 1, 0.47), run(true, 1, 0.59), run(true, 1, 0.75)])).toEqual([
      'home: longest task 0.47 / 0.59 / 0.75 (over ±20%)',
    ]);
  });
});
