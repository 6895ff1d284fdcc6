import { startLoaderStub } from '@/lib/browser/loader-stub';

const LOADER = '/_next/static/loader/l.js';

/** The stub's script element, with the loader's URL as the export writes it. */
function stubScript() {
  const script = document.createElement('script');
  script.dataset.loader = LOADER;
  return script;
}

const added = () => [...document.head.querySelectorAll('script')].map((script) => script.getAttribute('src'));

function setDocument({ hidden = false, readyState = 'interactive' }: { hidden?: boolean; readyState?: string }) {
  Object.defineProperty(document, 'hidden', { value: hidden, configurable: true });
  Object.defineProperty(document, 'readyState', { value: readyState, configurable: true });
}

beforeEach(() => {
  jest.useFakeTimers();
  document.head.innerHTML = '';
  setDocument({});
});

afterEach(() => {
  jest.useRealTimers();
  Reflect.deleteProperty(document, 'hidden');
  Reflect.deleteProperty(document, 'readyState');
});

it('adds the loader once the page has loaded and painted a frame, and only once', () => {
  startLoaderStub(stubScript());
  expect(added()).toEqual([]);
  window.dispatchEvent(new Event('load'));
  expect(added()).toEqual([]); // not in the load task: after a frame has been painted
  jest.advanceTimersToNextFrame();
  expect(added()).toEqual([]); // the frame after the first one the page paints
  jest.advanceTimersToNextFrame();
  expect(added()).toEqual([]); // then a task of its own
  jest.advanceTimersByTime(1);
  expect(added()).toEqual([LOADER]);
  jest.advanceTimersByTime(3_000);
  expect(added()).toEqual([LOADER]);
});

it('adds it after 3 s when the page never finishes loading', () => {
  startLoaderStub(stubScript());
  jest.advanceTimersByTime(2_999);
  expect(added()).toEqual([]);
  jest.advanceTimersByTime(1);
  expect(added()).toEqual([LOADER]);
});

it('adds it at once in a hidden tab, which paints nothing, or on a page that has loaded', () => {
  setDocument({ hidden: true });
  startLoaderStub(stubScript());
  expect(added()).toEqual([LOADER]);
  document.head.innerHTML = '';
  setDocument({ readyState: 'complete' });
  startLoaderStub(stubScript());
  expect(added()).toEqual([LOADER]);
});
