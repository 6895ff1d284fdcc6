import { FILE_THREADS, buildEnv, buildNodeOptions, buildWorkers } from './build-workers.mjs';

describe('buildWorkers', () => {
  it('uses every core by default', () => {
    expect(buildWorkers({}, 2)).toBe(2);
    expect(buildWorkers({ NEXT_BUILD_WORKERS: '' }, 8)).toBe(8);
    expect(buildWorkers({}, 0)).toBe(1);
  });

  it('takes NEXT_BUILD_WORKERS over the core count, to use less memory', () => {
    expect(buildWorkers({ NEXT_BUILD_WORKERS: '1' }, 8)).toBe(1);
    expect(buildWorkers({ NEXT_BUILD_WORKERS: '3' }, 2)).toBe(3);
  });

  it('refuses a value that is not a whole number of workers, naming it', () => {
    for (const value of ['0', '-1', '1.5', 'two'])
      expect(() => buildWorkers({ NEXT_BUILD_WORKERS: value }, 2)).toThrow(
        `NEXT_BUILD_WORKERS: must be a whole number of at least 1 (got "${value}")`,
      );
  });
});

describe('buildNodeOptions', () => {
  it('gives the build a larger young generation', () => {
    expect(buildNodeOptions({})).toBe('--max-semi-space-size=64');
  });

  it("keeps the caller's own options", () => {
    expect(buildNodeOptions({ NODE_OPTIONS: '--max-old-space-size=6144' })).toBe(
      '--max-old-space-size=6144 --max-semi-space-size=64',
    );
  });

  it("leaves a caller's own semi-space size alone", () => {
    expect(buildNodeOptions({ NODE_OPTIONS: '--max-semi-space-size=16' })).toBe('--max-semi-space-size=16');
  });
});

describe('buildEnv', () => {
  it("gives next build more file threads and the young generation, keeping the caller's variables", () => {
    expect(buildEnv({ CATALOGUE: 'shop.json' })).toEqual({
      CATALOGUE: 'shop.json',
      NODE_OPTIONS: '--max-semi-space-size=64',
      UV_THREADPOOL_SIZE: String(FILE_THREADS),
    });
  });

  it("leaves a caller's own thread pool size alone", () => {
    expect(buildEnv({ UV_THREADPOOL_SIZE: '4' }).UV_THREADPOOL_SIZE).toBe('4');
  });
});
