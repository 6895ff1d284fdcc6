import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ServiceWorkerUpdate } from './service-worker';

/** A worker as the page sees it: a state, and the messages posted to it. */
class FakeWorker extends EventTarget {
  messages: unknown[] = [];
  constructor(public state: ServiceWorkerState) {
    super();
  }
  postMessage(message: unknown) {
    this.messages.push(message);
  }
}

class FakeRegistration extends EventTarget {
  installing: FakeWorker | null = null;
  constructor(public waiting: FakeWorker | null) {
    super();
  }
}

/** navigator.serviceWorker with a registration, and a controller unless this is the first visit. */
function installContainer({ controlled, waiting }: { controlled: boolean; waiting: FakeWorker | null }) {
  const registration = new FakeRegistration(waiting);
  const active = new FakeWorker('activated');
  const container = Object.assign(new EventTarget(), {
    controller: controlled ? new FakeWorker('activated') : null,
    register: jest.fn(async () => registration),
    ready: Promise.resolve({ active }),
  });
  Object.defineProperty(navigator, 'serviceWorker', { value: container, configurable: true });
  return { container, registration, active };
}

const env = process.env as Record<string, string | undefined>;
const nodeEnv = env.NODE_ENV;
beforeEach(() => {
  // The component stays idle outside production builds (`next dev` has no sw.js).
  env.NODE_ENV = 'production';
});
afterEach(() => {
  env.NODE_ENV = nodeEnv;
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

const prompt = () => screen.getByRole('status');

it('registers the worker with the site scope, and offers nothing on the first visit', async () => {
  const { container, active } = installContainer({ controlled: false, waiting: null });
  const image = 'http://localhost/images/courses/py-101.svg';
  Object.defineProperty(performance, 'getEntriesByType', { value: () => [{ name: image }], configurable: true });
  render(<ServiceWorkerUpdate />);
  await waitFor(() => expect(container.register).toHaveBeenCalledWith('/sw.js', { scope: '/' }));
  // What the first page loaded before the worker existed is handed to it.
  await waitFor(() => expect(active.messages).toHaveLength(1));
  expect(active.messages[0]).toEqual({
    type: 'CACHE_URLS',
    payload: {
      urlsToCache: [
        [location.href, { headers: { accept: 'text/html' } }],
        [image, { headers: { accept: '*/*' } }],
      ],
    },
  });
  expect(prompt()).toBeEmptyDOMElement();
});

it('offers a waiting worker, and Reload asks it to take over (no silent skipWaiting)', async () => {
  const waiting = new FakeWorker('installed');
  installContainer({ controlled: true, waiting });
  render(<ServiceWorkerUpdate />);
  expect(await screen.findByText('A new version is available')).toBeInTheDocument();
  expect(waiting.messages).toEqual([]);

  await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
  expect(waiting.messages).toEqual([{ type: 'SKIP_WAITING' }]);
});

it('offers a worker that finishes installing while the page runs', async () => {
  const { registration } = installContainer({ controlled: true, waiting: null });
  render(<ServiceWorkerUpdate />);
  await waitFor(() => expect(navigator.serviceWorker.register).toHaveBeenCalled());
  const installing = new FakeWorker('installing');
  registration.installing = installing;
  registration.dispatchEvent(new Event('updatefound'));
  expect(prompt()).toBeEmptyDOMElement();

  installing.state = 'installed';
  installing.dispatchEvent(new Event('statechange'));
  expect(await screen.findByRole('button', { name: 'Reload' })).toBeInTheDocument();
});
