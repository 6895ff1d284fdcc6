// @ts-check
/**
 * One phone on every machine. Lighthouse's mobile preset slows the CPU 4×, whatever the CPU: 4× a
 * fast workstation and 4× a slow CI runner are two different phones, and main-thread figures
 * (TBT, long tasks) follow the machine. Lighthouse's answer is to calibrate the slowdown from the
 * machine's BenchmarkIndex (its docs/throttling.md, 'Calibrating multipliers'); both
 * scripts/perf/lighthouse.mjs (simulated throttling) and scripts/perf/blocking.mjs (real throttling through
 * the DevTools protocol) take the slowdown from here.
 */

/**
 * The CPU slowdown that makes a machine of this BenchmarkIndex behave like Lighthouse's mobile
 * test device: the formula of Lighthouse's CPU throttling calculator
 * (github.com/patrickhulce/lighthouse-cpu-throttling-calculator, pages/index.js, linked from
 * Lighthouse's docs/throttling.md), linear between 150 → 1×, 800 → 2× and 1300 → 3×, then 1× more
 * per 233 points (1533 → 4×, 2000 → 6×). Never below 1: a machine slower than the device (the
 * calculator's 'too slow to emulate' below 150) runs unthrottled.
 * @param {number} benchmarkIndex Lighthouse's BenchmarkIndex of the machine
 * @returns {number} the multiplier, to 2 decimals
 */
export function cpuSlowdownFor(benchmarkIndex) {
  if (!Number.isFinite(benchmarkIndex) || benchmarkIndex <= 0)
    throw new Error(`A BenchmarkIndex is a positive number, got ${benchmarkIndex}`);
  let multiplier;
  if (benchmarkIndex >= 1300) multiplier = 3 + (benchmarkIndex - 1300) / 233;
  else if (benchmarkIndex >= 800) multiplier = 2 + (benchmarkIndex - 800) / 500;
  else multiplier = 1 + (benchmarkIndex - 150) / 650;
  return Math.max(1, Math.round(multiplier * 100) / 100);
}
