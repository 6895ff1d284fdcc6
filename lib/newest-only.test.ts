import { newestOnly } from './newest-only';

/** A task whose calls finish only when the test says so, recording which ran. */
function controlledTask() {
  const started: string[] = [];
  const finishers = new Map<string, (value: string) => void>();
  const task = (arg: string) => {
    started.push(arg);
    return new Promise<string>((resolve) => finishers.set(arg, resolve));
  };
  const finish = async (arg: string) => {
    finishers.get(arg)!(`result ${arg}`);
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return { task, started, finish };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('newestOnly', () => {
  it('runs one call at a time, and after it only the newest of those that waited', async () => {
    const { task, started, finish } = controlledTask();
    const run = newestOnly(task);
    const re = run('re');
    await tick();
    const rea = run('rea');
    const reac = run('reac');
    const react = run('react');
    await tick();
    expect(started).toEqual(['re']);

    await finish('re');
    expect(await re).toBe('result re');
    expect(await rea).toBeNull();
    expect(await reac).toBeNull();
    expect(started).toEqual(['re', 'react']);
    await finish('react');
    expect(await react).toBe('result react');
  });

  it('skips a call superseded while it waited to be ready (a pause), without running it', async () => {
    const { task, started, finish } = controlledTask();
    const run = newestOnly(task);
    let endPause!: () => void;
    const pause = new Promise<void>((resolve) => (endPause = resolve));
    const broad = run('de', pause);
    const specific = run('des');
    await tick();
    expect(started).toEqual(['des']);
    endPause();
    expect(await broad).toBeNull();
    await finish('des');
    expect(await specific).toBe('result des');
    expect(started).toEqual(['des']);
  });

  it('goes on after a failed call', async () => {
    const run = newestOnly(async (arg: string) => {
      if (arg === 'bad') throw new Error('offline');
      return arg;
    });
    await expect(run('bad')).rejects.toThrow('offline');
    await expect(run('good')).resolves.toBe('good');
  });
});
