import { traceFigures } from './blocking-stats.mjs';

const NAV = 'nav-1';
const meta = (pid: number, tid: number, name: string) => ({ ph: 'M', name: 'thread_name', pid, tid, args: { name } });
const runTask = (pid: number, tid: number, ts: number, dur: number, tdur?: number) => ({
  ph: 'X',
  name: 'RunTask',
  pid,
  tid,
  ts,
  dur,
  tdur,
});

describe('traceFigures', () => {
  const events: {
    ph?: string;
    name: string;
    pid: number;
    tid: number;
    ts?: number;
    dur?: number;
    tdur?: number;
    args?: unknown;
  }[] = [
    meta(1, 10, 'CrBrowserMain'),
    meta(2, 20, 'CrRendererMain'),
    meta(2, 21, 'Compositor'),
    { name: 'navigationStart', pid: 2, tid: 20, ts: 900_000, args: { data: { navigationId: 'about-blank' } } },
    { name: 'navigationStart', pid: 2, tid: 20, ts: 1_000_000, args: { data: { navigationId: NAV } } },
    runTask(2, 20, 1_100_000, 30_000),
    runTask(2, 21, 1_200_000, 500_000),
    runTask(1, 10, 1_200_000, 500_000),
    { name: 'firstContentfulPaint', pid: 2, tid: 20, ts: 1_250_000, args: { data: { navigationId: NAV } } },
    runTask(2, 20, 1_400_000, 80_000, 50_000),
    // Another frame's navigation after the first paint is not the page's.
    { name: 'navigationStart', pid: 2, tid: 20, ts: 1_500_000, args: { data: { navigationId: 'frame-2' } } },
  ];

  it("takes the renderer main thread's tasks in ms from the page's own navigation, and its FCP", () => {
    expect(traceFigures({ traceEvents: events })).toEqual({
      tasks: [
        { start: 100, duration: 30, cpu: 30 },
        { start: 400, duration: 80, cpu: 50 },
      ],
      fcp: 250,
    });
  });

  it('names what a trace lacks', () => {
    expect(() =>
      traceFigures({ traceEvents: events.filter((event) => event.name !== 'firstContentfulPaint') }),
    ).toThrow('no first contentful paint');
    expect(() => traceFigures({ traceEvents: events.filter((event) => event.ph !== 'M') })).toThrow('main thread');
  });
});
