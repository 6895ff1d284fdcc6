import { payloadMark, startLoader } from '@/lib/browser/loader';
import { payloadMark as exportMark } from '@/build/page';

/** A payload as Next writes it: the build id in row 0. */
const payload = (build: string, text = 'Learn Python') =>
  `0:{"P":null,"c":["",""],"q":"","i":false,"t":{},"S":true,"b":"${build}"}\n1:T5,${text}\n`;
const bytes = (text: string) => new TextEncoder().encode(text).buffer as ArrayBuffer;

type Queue = { __next_f: unknown[] };
const queue = () => (window as unknown as Queue).__next_f;
const added = () => [...document.head.querySelectorAll('script')].map((script) => script.getAttribute('src'));
const fetchMock = jest.fn<Promise<Response>, [string]>();
const answer = (text: string, status = 200) =>
  ({ ok: status < 400, status, arrayBuffer: async () => bytes(text) }) as Response;

/** A page as the export writes it: the update prompt's empty box and the stub's element with the loader's lists. */
function renderPage() {
  document.head.innerHTML = '';
  document.body.innerHTML =
    '<div role="status" class="update-prompt"></div>' +
    `<script data-loader="/l.js" data-startup="/a.js /b.js /runtime.js" data-payload="/index.txt" data-mark="${exportMark(payload('b1'))}"></script>`;
}

beforeEach(() => {
  jest.useFakeTimers();
  renderPage();
  (window as unknown as Queue).__next_f = [];
  fetchMock.mockReset();
  global.fetch = fetchMock as unknown as typeof fetch;
});

afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
  Reflect.deleteProperty(navigator, 'serviceWorker');
  Reflect.deleteProperty(navigator, 'onLine');
});

it("adds Next's chunks in tasks after its own, hands over a payload of its build, then adds the runtime", async () => {
  let respond: (response: Response) => void = () => {};
  fetchMock.mockReturnValue(new Promise((resolve) => (respond = resolve)));
  startLoader(document);
  expect(added()).toEqual([]);
  expect(fetchMock).not.toHaveBeenCalled();
  await jest.advanceTimersByTimeAsync(0);
  expect(added()).toEqual(['/a.js', '/b.js']);
  expect(fetchMock).toHaveBeenCalledWith('/index.txt');

  respond(answer(payload('b1')));
  await jest.advanceTimersByTimeAsync(0);
  expect(queue()).toEqual([[1, payload('b1')]]);
  expect(added()).toEqual(['/a.js', '/b.js', '/runtime.js']);
});

it('holds back the runtime for a payload of another build, and offers the waiting worker', async () => {
  fetchMock.mockResolvedValue(answer(payload('b2')));
  const waiting = Object.assign(new EventTarget(), { state: 'installed', postMessage: jest.fn() });
  const registration = Object.assign(new EventTarget(), { waiting, installing: null });
  const container = Object.assign(new EventTarget(), {
    controller: {},
    getRegistration: async () => registration,
  });
  Object.defineProperty(navigator, 'serviceWorker', { value: container, configurable: true });

  startLoader(document);
  await jest.advanceTimersByTimeAsync(0);
  expect(queue()).toEqual([]);
  expect(added()).toEqual(['/a.js', '/b.js']);
  const prompt = document.querySelector('.update-prompt')!;
  expect(prompt.textContent).toBe('A new version is available' + 'Reload');
  const reload = prompt.querySelector('button')!;
  expect(reload.className).toBe('btn btn-primary btn-md');
  reload.click();
  expect(waiting.postMessage).toHaveBeenCalledWith({ type: 'SKIP_WAITING' });
});

it('stays the static page, offering nothing, when no new worker waits', async () => {
  fetchMock.mockResolvedValue(answer(payload('b2')));
  const registration = Object.assign(new EventTarget(), { waiting: null, installing: null });
  const container = Object.assign(new EventTarget(), { controller: {}, getRegistration: async () => registration });
  Object.defineProperty(navigator, 'serviceWorker', { value: container, configurable: true });
  startLoader(document);
  await jest.advanceTimersByTimeAsync(0);
  expect(document.querySelector('.update-prompt')).toBeEmptyDOMElement();
  expect(added()).toEqual(['/a.js', '/b.js']);
});

it('holds back the runtime for a payload of the same build with other data (a deploy of the catalogue alone)', async () => {
  fetchMock.mockResolvedValue(answer(payload('b1', 'Learn Rust')));
  startLoader(document);
  await jest.advanceTimersByTimeAsync(0);
  expect(queue()).toEqual([]);
  expect(added()).toEqual(['/a.js', '/b.js']);
});

it('hands over a payload unchecked where the browser has no crypto.subtle (not HTTPS nor localhost: no worker keeps pages)', async () => {
  const subtle = Object.getOwnPropertyDescriptor(crypto, 'subtle')!;
  Object.defineProperty(crypto, 'subtle', { value: undefined, configurable: true });
  try {
    fetchMock.mockResolvedValue(answer(payload('b1', 'Learn Rust')));
    startLoader(document);
    await jest.advanceTimersByTimeAsync(0);
    expect(queue()).toEqual([[1, payload('b1', 'Learn Rust')]]);
  } finally {
    Object.defineProperty(crypto, 'subtle', subtle);
  }
});

describe('payloadMark', () => {
  it("is the export's mark of the same bytes: 12 characters of base64url, any text", async () => {
    for (const text of ['', payload('b1'), 'ünïcödé 🎓 +/+/ \u2028', 'x'.repeat(100_000)]) {
      const mark = await payloadMark(bytes(text));
      expect({ text: text.slice(0, 20), mark }).toEqual({ text: text.slice(0, 20), mark: exportMark(text) });
      expect(mark).toMatch(/^[\w-]{12}$/);
    }
  });
});

it('fetches a failed payload again after 1 s, 2 s and 3 s, then reports the failure', async () => {
  const error = jest.spyOn(console, 'error').mockImplementation(() => {});
  fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
  startLoader(document);
  await jest.advanceTimersByTimeAsync(0);
  for (const [wait, attempts] of [
    [999, 1],
    [1, 2],
    [2_000, 3],
    [3_000, 4],
  ] as const) {
    await jest.advanceTimersByTimeAsync(wait);
    expect(fetchMock).toHaveBeenCalledTimes(attempts);
  }
  expect(error).toHaveBeenCalledWith(
    'The page stays static: its payload /index.txt could not be loaded in 4 attempts (TypeError: Failed to fetch)',
  );
  await jest.advanceTimersByTimeAsync(60_000);
  expect(fetchMock).toHaveBeenCalledTimes(4);
  expect(added()).toEqual(['/a.js', '/b.js']);
});

it('reports a payload the host answers with an error, once it has given up', async () => {
  const error = jest.spyOn(console, 'error').mockImplementation(() => {});
  fetchMock.mockResolvedValueOnce(answer('', 503)).mockResolvedValue(answer('Not found', 404));
  startLoader(document);
  await jest.advanceTimersByTimeAsync(6_000);
  expect(fetchMock).toHaveBeenCalledTimes(4);
  expect(error).toHaveBeenCalledTimes(1);
  expect(error.mock.calls[0]![0]).toContain('could not be loaded in 4 attempts (Error: HTTP 404)');
});

it('gives up quietly offline, where a page kept without its payload is expected', async () => {
  const error = jest.spyOn(console, 'error').mockImplementation(() => {});
  Object.defineProperty(navigator, 'onLine', { value: false, configurable: true });
  fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
  startLoader(document);
  await jest.advanceTimersByTimeAsync(6_000);
  expect(fetchMock).toHaveBeenCalledTimes(4);
  expect(error).not.toHaveBeenCalled();
});

it('fails, saying what it missed, on a page without its lists', () => {
  document.body.innerHTML = '';
  expect(() => startLoader(document)).toThrow('The start-up loader found no script[data-startup] on the page');
});
