import { act, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { serializeCart } from '@/lib/cart';
import { getCartIndex } from '@/test/helpers/cart-index';
import { CartLink } from './cart-link';
import { CartProvider } from './cart-provider';
import { serveCartItems } from '@/test/helpers/serve-cart-items';

const items = Object.values(getCartIndex());
let served: ReturnType<typeof serveCartItems>;
beforeEach(() => {
  served = serveCartItems();
});

function ui() {
  return (
    <CartProvider>
      <CartLink />
    </CartProvider>
  );
}

afterEach(() => localStorage.clear());

describe('CartLink', () => {
  it('links to the cart and names the count: 0 items', async () => {
    render(ui());
    const link = await screen.findByRole('link', { name: 'Cart, 0 items' });
    expect(link).toHaveAttribute('href', expect.stringMatching(/^\/cart\/?$/));
  });

  it('counts what the site saved after a check, fetching nothing (only the cart page checks)', async () => {
    localStorage.setItem('cart', serializeCart(items.slice(0, 2)));
    served.state.offline = true;
    render(ui());
    expect(await screen.findByRole('link', { name: 'Cart, 2 items' })).toBeInTheDocument();
    await act(async () => {});
    expect(served.fetchMock).not.toHaveBeenCalled();
  });

  it('counts the real items among 10,000 made-up ids, and fetches none of them', async () => {
    const junk = Array.from({ length: 10_000 }, (_, n) => ({ courseID: `made-up-${n}` }));
    junk.splice(17, 0, items[0]!);
    junk.splice(6_000, 0, items[1]!);
    localStorage.setItem('cart', JSON.stringify(junk));
    const { container } = render(ui());
    expect(await screen.findByRole('link', { name: 'Cart, 2 items' })).toBeInTheDocument();
    expect(container.querySelector('span[aria-hidden="true"]')).toHaveTextContent(/^2$/);
    await act(async () => {});
    expect(served.fetchMock).not.toHaveBeenCalled();
    // Only the cart page, which checks, rewrites what storage holds.
    expect(JSON.parse(localStorage.getItem('cart')!)).toHaveLength(10_002);
  });

  it('an empty cart needs no fetch', async () => {
    render(ui());
    expect(await screen.findByRole('link', { name: 'Cart, 0 items' })).toBeInTheDocument();
    expect(served.fetchMock).not.toHaveBeenCalled();
  });

  it('says "1 item" in the singular and shows the digit in a hidden badge', async () => {
    localStorage.setItem('cart', serializeCart(items.slice(0, 1)));
    const { container } = render(ui());
    expect(await screen.findByRole('link', { name: 'Cart, 1 item' })).toBeInTheDocument();
    const badge = container.querySelector('span[aria-hidden="true"]');
    expect(badge).toHaveTextContent(/^1$/);
  });

  it('counts a saved cart of three', async () => {
    localStorage.setItem('cart', serializeCart(items.slice(0, 3)));
    render(ui());
    expect(await screen.findByRole('link', { name: 'Cart, 3 items' })).toBeInTheDocument();
  });

  it('follows a change from another tab', async () => {
    render(ui());
    const value = serializeCart(items.slice(0, 2));
    act(() => {
      localStorage.setItem('cart', value);
      window.dispatchEvent(new StorageEvent('storage', { key: 'cart', newValue: value, storageArea: localStorage }));
    });
    expect(await screen.findByRole('link', { name: 'Cart, 2 items' })).toBeInTheDocument();
  });

  it('shows no number in the static HTML, only an empty badge of the same size', () => {
    localStorage.setItem('cart', serializeCart(items.slice(0, 2)));
    const container = document.createElement('div');
    container.innerHTML = renderToString(ui());
    const link = container.querySelector('a');
    expect(link).toHaveAccessibleName('Cart');
    const badge = container.querySelector('span[aria-hidden="true"]');
    expect(badge).toHaveTextContent(/^$/);
    expect(badge).toHaveClass('h-5', 'min-w-5');
  });

  it('merges a className', () => {
    render(
      <CartProvider>
        <CartLink className="extra" />
      </CartProvider>,
    );
    expect(screen.getByRole('link', { name: /^Cart/ })).toHaveClass('extra');
  });
});
