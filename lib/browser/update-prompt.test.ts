import { offerUpdates } from '@/lib/browser/update-prompt';

class FakeWorker extends EventTarget {
  postMessage = jest.fn();
  constructor(public state: ServiceWorkerState) {
    super();
  }
}

/** A registration, its container (with a controller unless this is the first install) and the empty prompt. */
function setUp({ controlled = true, waiting = null as FakeWorker | null } = {}) {
  const registration = Object.assign(new EventTarget(), { waiting, installing: null as FakeWorker | null });
  const container = Object.assign(new EventTarget(), { controller: controlled ? {} : null });
  document.body.innerHTML = '<div role="status" class="update-prompt"></div>';
  const prompt = document.querySelector('.update-prompt')!;
  offerUpdates(
    registration as unknown as ServiceWorkerRegistration,
    prompt,
    container as unknown as ServiceWorkerContainer,
  );
  return { registration, container, prompt };
}

it('offers a waiting worker with the prompt, and Reload asks it to take over', () => {
  const waiting = new FakeWorker('installed');
  const { prompt } = setUp({ waiting });
  expect(prompt.innerHTML).toBe(
    '<div><p>A new version is available</p><button type="button" class="btn btn-primary btn-md">Reload</button></div>',
  );
  expect(waiting.postMessage).not.toHaveBeenCalled();
  prompt.querySelector('button')!.click();
  expect(waiting.postMessage).toHaveBeenCalledWith({ type: 'SKIP_WAITING' });
});

it('offers nothing on the first install, when no worker controls the page yet', () => {
  const { prompt } = setUp({ controlled: false, waiting: new FakeWorker('installed') });
  expect(prompt).toBeEmptyDOMElement();
});

it('offers a worker that finishes installing later, once', () => {
  const { registration, prompt } = setUp();
  const installing = new FakeWorker('installing');
  registration.installing = installing;
  registration.dispatchEvent(new Event('updatefound'));
  installing.dispatchEvent(new Event('statechange'));
  expect(prompt).toBeEmptyDOMElement();
  installing.state = 'installed';
  installing.dispatchEvent(new Event('statechange'));
  installing.dispatchEvent(new Event('statechange'));
  expect(prompt.querySelectorAll('button')).toHaveLength(1);
});

it('keeps one prompt for a newer worker that comes while it shows, and Reload asks the newest', () => {
  const older = new FakeWorker('installed');
  const { registration, prompt } = setUp({ waiting: older });
  const newer = new FakeWorker('installing');
  registration.installing = newer;
  registration.dispatchEvent(new Event('updatefound'));
  newer.state = 'installed';
  newer.dispatchEvent(new Event('statechange'));
  expect(prompt.querySelectorAll('button')).toHaveLength(1);
  prompt.querySelector('button')!.click();
  expect(newer.postMessage).toHaveBeenCalledWith({ type: 'SKIP_WAITING' });
  expect(older.postMessage).not.toHaveBeenCalled();
});
