import { blockingAfter, judgeBlocking, loadFigures, median, medianFigures, ratio } from './blocking-stats.mjs';

const task = (startTime: number, duration: number) => ({ startTime, duration });

describe('blockingAfter', () => {
  it('counts each task past its first 50 ms, after FCP', () => {
    expect(blockingAfter([task(1000, 80), task(2000, 150)], 500)).toBe(30 + 100);
  });

  it('counts nothing for an empty list or tasks of 50 ms or less', () => {
    expect(blockingAfter([], 0)).toBe(0);
    expect(blockingAfter([task(100, 50), task(300, 49.9), task(400, 20)], 0)).toBe(0);
  });

  it('counts nothing of a task that ends before FCP, however long', () => {
    expect(blockingAfter([task(0, 400)], 400)).toBe(0);
    expect(blockingAfter([task(0, 400)], 500)).toBe(0);
  });

  it('counts the blocking stretch of a task straddling FCP only after FCP', () => {
    // Blocking from 150 to 300; FCP at 200 leaves 200-300.
    expect(blockingAfter([task(100, 200)], 200)).toBe(100);
    // FCP within the task's first 50 ms: the whole blocking stretch (150-300) is after it.
    expect(blockingAfter([task(100, 200)], 120)).toBe(150);
  });

  it('stops at the end of the observed window', () => {
    expect(blockingAfter([task(9900, 300), task(10_500, 200)], 0, 10_000)).toBe(50);
  });
});

describe('loadFigures', () => {
  it("takes the longest task of the window, before FCP too, and the window's blocking", () => {
    expect(loadFigures([task(100, 400), task(1000, 120), task(12_000, 900)], 600, 10_000)).toEqual({
      blocking: 70,
      longest: 400,
    });
  });

  it('is 0 and 0 for a load without long tasks', () => {
    expect(loadFigures([], 300, 10_000)).toEqual({ blocking: 0, longest: 0 });
  });
});

describe('median', () => {
  it('takes the middle value, or the mean of the middle two, whatever the order', () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(
      medianFigures([
        { blocking: 10, longest: 300 },
        { blocking: 30, longest: 100 },
        { blocking: 20, longest: 200 },
      ]),
    ).toEqual({ blocking: 20, longest: 200 });
  });

  it('refuses an empty list instead of inventing a figure', () => {
    expect(() => median([])).toThrow('No values');
  });
});

describe('ratio', () => {
  it('divides, with nothing as 0 and something over nothing as Infinity', () => {
    expect(ratio(50, 200)).toBe(0.25);
    expect(ratio(0, 0)).toBe(0);
    expect(ratio(10, 0)).toBe(Infinity);
  });
});

describe('judgeBlocking', () => {
  const reference = { blocking: 750, longest: 800 };

  it('passes a page that blocks less than the reference, and says whether its longest task meets the goal', () => {
    expect(judgeBlocking({ blocking: 244, longest: 250 }, reference)).toEqual({
      failures: [],
      blockingRatio: 244 / 750,
      longestRatio: 250 / 800,
      goal: false,
    });
    expect(judgeBlocking({ blocking: 100, longest: 200 }, reference).goal).toBe(true);
  });

  it('allows up to 1.1x the reference after FCP, not more', () => {
    expect(judgeBlocking({ blocking: 825, longest: 400 }, reference).failures).toEqual([]);
    expect(judgeBlocking({ blocking: 826, longest: 400 }, reference).failures).toEqual([
      "blocking after FCP 826 ms (must be ≤ 825 ms: the reference's 750 ms × 1.1)",
    ]);
  });

  it('fails a page whose longest task is longer than the reference’s, however little it blocks', () => {
    expect(judgeBlocking({ blocking: 100, longest: 801 }, reference).failures).toEqual([
      "longest task 801 ms (must be ≤ the reference's 800 ms)",
    ]);
  });

  it('fails any blocking against a reference that blocked nothing', () => {
    expect(judgeBlocking({ blocking: 5, longest: 60 }, { blocking: 0, longest: 0 }).failures).toHaveLength(2);
  });
});
