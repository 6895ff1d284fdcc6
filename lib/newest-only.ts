/**
 * Runs `task` for one call at a time, and only for the newest call waiting: a call superseded
 * before its turn resolves to null without running. For work that cannot be stopped once
 * started (a Pagefind search), so that typing never queues searches nobody will see.
 */
export function newestOnly<A, R>(
  task: (arg: A) => Promise<R>,
): (arg: A, ready?: Promise<unknown>) => Promise<R | null> {
  let newest = 0;
  let running: Promise<unknown> = Promise.resolve();
  return async (arg, ready) => {
    const ticket = ++newest;
    // `ready` (a pause, say) is waited for before the call takes its place in line.
    await ready;
    if (ticket !== newest) return null;
    const result = running.then(() => (ticket === newest ? task(arg) : null));
    running = result.catch(() => undefined);
    return result;
  };
}
