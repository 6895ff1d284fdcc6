/* eslint-disable @next/next/no-html-link-for-pages -- the plain anchors components/ui/link.tsx renders are what this listener handles */
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { PREFETCH_HEADER } from '@/lib/route-prefetch';
import { ClientNavigation } from './client-navigation';

const push = jest.fn();
jest.mock('next/navigation', () => ({ useRouter: () => ({ push }) }));

/** The payload requests the page makes (its prefetches). */
const prefetch = jest.fn<Promise<{ ok: boolean }>, [string, RequestInit?]>(() => Promise.resolve({ ok: true }));

/** A service worker in control of the page, or none (`null`). */
function workerInControl(controller: object | null) {
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: { controller } });
}

beforeEach(() => {
  push.mockReset();
  prefetch.mockClear();
  global.fetch = prefetch as unknown as typeof fetch;
  workerInControl({});
});

function page() {
  render(
    <>
      {/* The loader's lists, as the export writes them on every page: they name the payload file. */}
      <script data-startup="/a.js" data-payload="/category/python/index.txt" data-mark="b1" />
      <ClientNavigation />
      <a href="/category/python/">
        <span>Python</span>
      </a>
      <a href="/cart/?add=py-101">Add to cart</a>
      <a href="/og/py-101.jpg">Preview image</a>
      <a href="https://example.com/">Elsewhere</a>
      <a href="/courses/py-101/" target="_blank">
        New tab
      </a>
      <a href="#main">Skip to main content</a>
      <a href="/courses/py-101/reviews/">All reviews</a>
      <a href="/cart/" data-prefetch="false">
        Offline cart
      </a>
    </>,
  );
}

const link = (name: string) => screen.getByRole('link', { name });
/** Lets a navigation that waits for the stylesheet (lib/browser/full-stylesheet.ts) happen, if it was going to. */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

describe('ClientNavigation', () => {
  it('takes a plain click on a site link through the router, from any element inside the link', async () => {
    page();
    const click = fireEvent.click(screen.getByText('Python'));
    expect(click).toBe(false); // the browser's own navigation was prevented
    await waitFor(() => expect(push).toHaveBeenCalledWith('/category/python/'));
  });

  it("keeps the link's query for the page it leads to", async () => {
    page();
    fireEvent.click(link('Add to cart'));
    await waitFor(() => expect(push).toHaveBeenCalledWith('/cart/?add=py-101'));
  });

  it('leaves to the browser: files, other origins, new tabs, in-page jumps, modified clicks and handled clicks', async () => {
    page();
    for (const name of ['Preview image', 'Elsewhere', 'New tab', 'Skip to main content', 'All reviews'])
      expect(fireEvent.click(link(name))).toBe(true);
    for (const modifier of ['metaKey', 'ctrlKey', 'shiftKey', 'altKey'])
      expect(fireEvent.click(link('Python'), { [modifier]: true })).toBe(true);
    expect(fireEvent.click(link('Python'), { button: 1 })).toBe(true);
    link('Python').addEventListener('click', (event) => event.preventDefault(), { once: true });
    fireEvent.click(link('Python'));
    await settle();
    expect(push).not.toHaveBeenCalled();
  });

  it('leaves a link to a document-level handler that took the click (the wishlist hearts)', async () => {
    page();
    const takeIt = (event: Event) => event.preventDefault();
    document.addEventListener('click', takeIt);
    fireEvent.click(link('Python'));
    document.removeEventListener('click', takeIt);
    await settle();
    expect(push).not.toHaveBeenCalled();
  });

  it("prefetches a route's payload once, marked for the service worker, when a pointer, focus or finger aims at its link", () => {
    page();
    fireEvent.pointerOver(screen.getByText('Python'));
    fireEvent.focusIn(link('Python'));
    fireEvent.touchStart(link('Python'));
    expect(prefetch).toHaveBeenCalledTimes(1);
    const [url, init] = prefetch.mock.calls[0]!;
    expect(url).toBe('/category/python/index.txt');
    expect(init?.headers).toEqual({ [PREFETCH_HEADER]: '1' });
  });

  it('prefetches nothing while no service worker controls the page, and does once one does', () => {
    workerInControl(null);
    page();
    fireEvent.pointerOver(link('Python'));
    expect(prefetch).not.toHaveBeenCalled();
    workerInControl({});
    fireEvent.pointerOver(link('Python'));
    expect(prefetch).toHaveBeenCalledTimes(1);
  });

  it('prefetches nothing for links with a query, files, other origins or links marked not to', () => {
    page();
    for (const name of ['Add to cart', 'Preview image', 'Elsewhere', 'Offline cart', 'All reviews'])
      fireEvent.pointerOver(link(name));
    expect(prefetch).not.toHaveBeenCalled();
  });

  it('stops listening when it unmounts', async () => {
    page();
    const { unmount } = render(<ClientNavigation />);
    unmount();
    fireEvent.click(link('Python'));
    await settle();
    expect(push).toHaveBeenCalledTimes(1); // the page's own instance, not the unmounted one
  });
});
