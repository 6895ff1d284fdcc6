import { cpuSlowdownFor } from './lighthouse-throttling.mjs';

describe('cpuSlowdownFor', () => {
  it("meets the calculator's anchor points: 150 → 1×, 800 → 2×, 1300 → 3×, 1533 → 4×, 2000 → 6×", () => {
    expect([150, 800, 1300, 1533, 2000].map(cpuSlowdownFor)).toEqual([1, 2, 3, 4, 6]);
  });

  it('is linear between them', () => {
    expect(cpuSlowdownFor(475)).toBe(1.5);
    expect(cpuSlowdownFor(1050)).toBe(2.5);
  });

  it('slows a faster machine more: the 2,220-2,433 runner ~7-8×, a machine at 2,522 8.25×', () => {
    expect(cpuSlowdownFor(2220)).toBe(6.95);
    expect(cpuSlowdownFor(2433)).toBe(7.86);
    expect(cpuSlowdownFor(2522.5)).toBe(8.25);
  });

  it('never speeds up a machine slower than the device', () => {
    expect(cpuSlowdownFor(100)).toBe(1);
    expect(cpuSlowdownFor(1)).toBe(1);
  });

  it('refuses a BenchmarkIndex that is not a positive number', () => {
    expect(() => cpuSlowdownFor(Number.NaN)).toThrow('positive number');
    expect(() => cpuSlowdownFor(0)).toThrow('positive number');
  });
});
