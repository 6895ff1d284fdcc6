import { act, render, screen, waitFor } from '@testing-library/react';
import { useLayoutEffect } from 'react';
import userEvent from '@testing-library/user-event';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { serializeCart } from '@/lib/cart';
import { getCartIndex } from '@/test/helpers/cart-index';
import { toMinorUnits } from '@/lib/format';
import { formatPrice } from '@/lib/money';
import type { CartItem } from '@/lib/types';
import { CartProvider, useCart } from './cart-provider';
import { serveCartItems } from '@/test/helpers/serve-cart-items';

const index = getCartIndex();
let served: ReturnType<typeof serveCartItems>;
beforeEach(() => {
  served = serveCartItems();
});
const [first, second, third] = threeCourses();

function threeCourses(): [CartItem, CartItem, CartItem] {
  const [a, b, c] = Object.values(index);
  if (!a || !b || !c) throw new Error('the catalogue needs at least three courses');
  return [a, b, c];
}

/** Shows the cart as text and offers its actions as buttons; like the cart page, it checks the saved courses. */
function CartProbe() {
  const { status, state, unverified, add, remove, clear, retry, check } = useCart();
  useLayoutEffect(check, [check]);
  return (
    <div>
      <p>status: {status}</p>
      <p>unverified: {unverified}</p>
      <p>items: {state.cart.map((item) => item.courseID).join(',')}</p>
      <p>count: {state.total_items}</p>
      <p>total: {formatPrice(state.total_amount)}</p>
      <button onClick={() => add(first.courseID)}>add first</button>
      <button onClick={() => add(second.courseID)}>add second</button>
      <button onClick={() => add('no-such-course')}>add unknown</button>
      <button onClick={() => remove(first.courseID)}>remove first</button>
      <button onClick={clear}>clear</button>
      <button onClick={retry}>retry</button>
    </div>
  );
}

function renderCart() {
  return render(
    <CartProvider>
      <CartProbe />
    </CartProvider>,
  );
}

const saved = () => localStorage.getItem('cart');

afterEach(() => {
  localStorage.clear();
  jest.restoreAllMocks();
});

describe('CartProvider', () => {
  it('starts empty and ready when nothing is saved', async () => {
    renderCart();
    expect(await screen.findByText('status: ready')).toBeInTheDocument();
    expect(screen.getByText('count: 0')).toBeInTheDocument();
    expect(saved()).toBeNull();
  });

  it('loads the saved cart, loading and empty until the catalogue has confirmed it', async () => {
    localStorage.setItem('cart', serializeCart([second, third]));
    renderCart();
    expect(screen.getByText('status: loading')).toBeInTheDocument();
    expect(screen.getByText('count: 0')).toBeInTheDocument();
    expect(await screen.findByText(`items: ${second.courseID},${third.courseID}`)).toBeInTheDocument();
    expect(screen.getByText('status: ready')).toBeInTheDocument();
    expect(screen.getByText('count: 2')).toBeInTheDocument();
  });

  it('saves after every change: add, add again, remove, clear', async () => {
    const user = userEvent.setup();
    renderCart();

    await user.click(screen.getByRole('button', { name: 'add first' }));
    expect(await screen.findByText('count: 1')).toBeInTheDocument();
    expect(saved()).toBe(serializeCart([first]));

    await user.click(screen.getByRole('button', { name: 'add first' }));
    await act(async () => {});
    expect(screen.getByText('count: 1')).toBeInTheDocument();
    expect(saved()).toBe(serializeCart([first]));

    await user.click(screen.getByRole('button', { name: 'add second' }));
    expect(await screen.findByText('count: 2')).toBeInTheDocument();
    expect(saved()).toBe(serializeCart([first, second]));

    await user.click(screen.getByRole('button', { name: 'remove first' }));
    expect(screen.getByText(`items: ${second.courseID}`)).toBeInTheDocument();
    expect(saved()).toBe(serializeCart([second]));

    await user.click(screen.getByRole('button', { name: 'clear' }));
    expect(screen.getByText('count: 0')).toBeInTheDocument();
    expect(saved()).toBe('[]');
  });

  it('ignores a course id that is not in the catalogue', async () => {
    const user = userEvent.setup();
    renderCart();
    await user.click(screen.getByRole('button', { name: 'add unknown' }));
    expect(await screen.findByText('status: ready')).toBeInTheDocument();
    await act(async () => {});
    expect(screen.getByText('count: 0')).toBeInTheDocument();
    expect(saved()).toBeNull();
  });

  it('survives corrupt storage and writes back a clean value', () => {
    localStorage.setItem('cart', '{"oops": [');
    renderCart();
    expect(screen.getByText('count: 0')).toBeInTheDocument();
    expect(saved()).toBe('[]');
  });

  it('prices a tampered cart from the catalogue and repairs storage', async () => {
    const tampered = JSON.stringify([{ ...first, discounted_price: 0.01 }, { ...first }, { courseID: 'ghost' }]);
    localStorage.setItem('cart', tampered);
    renderCart();
    expect(await screen.findByText(`total: ${formatPrice(toMinorUnits(first.discounted_price))}`)).toBeInTheDocument();
    expect(screen.queryByText('total: $0.01')).not.toBeInTheDocument();
    expect(screen.getByText('count: 1')).toBeInTheDocument();
    expect(saved()).toBe(serializeCart([first]));
  });

  it('keeps what it cannot check while offline, shows none of it, and checks again on retry', async () => {
    const user = userEvent.setup();
    const value = serializeCart([first, second]);
    localStorage.setItem('cart', value);
    served.state.offline = true;
    renderCart();
    expect(await screen.findByText('status: unverified')).toBeInTheDocument();
    expect(screen.getByText('unverified: 2')).toBeInTheDocument();
    expect(screen.getByText('count: 0')).toBeInTheDocument();
    expect(saved()).toBe(value);

    served.state.offline = false;
    await user.click(screen.getByRole('button', { name: 'retry' }));
    expect(await screen.findByText('status: ready')).toBeInTheDocument();
    expect(screen.getByText('count: 2')).toBeInTheDocument();
  });

  it('shows a change made in another tab without a reload', async () => {
    renderCart();
    expect(await screen.findByText('status: ready')).toBeInTheDocument();
    const value = serializeCart([third, first]);
    act(() => {
      localStorage.setItem('cart', value);
      window.dispatchEvent(new StorageEvent('storage', { key: 'cart', newValue: value, storageArea: localStorage }));
    });
    expect(await screen.findByText(`items: ${third.courseID},${first.courseID}`)).toBeInTheDocument();

    act(() => {
      localStorage.setItem('cart', '[]');
      window.dispatchEvent(new StorageEvent('storage', { key: 'cart', newValue: '[]', storageArea: localStorage }));
    });
    expect(screen.getByText('count: 0')).toBeInTheDocument();
  });

  it('keeps working in memory when localStorage throws', async () => {
    const user = userEvent.setup();
    jest.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    });
    jest.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    renderCart();
    expect(await screen.findByText('status: ready')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'add first' }));
    await user.click(screen.getByRole('button', { name: 'add second' }));
    expect(await screen.findByText('count: 2')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'remove first' }));
    expect(screen.getByText(`items: ${second.courseID}`)).toBeInTheDocument();
  });

  it('renders "loading" on the server and hydrates without a mismatch', async () => {
    localStorage.setItem('cart', serializeCart([first, second]));
    const ui = (
      <CartProvider>
        <CartProbe />
      </CartProvider>
    );
    const html = renderToString(ui);
    expect(html).toContain('status: <!-- -->loading');
    expect(html).toContain('count: <!-- -->0');

    const errors = jest.spyOn(console, 'error');
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const recoverable: unknown[] = [];
    let root: ReturnType<typeof hydrateRoot> | undefined;
    // A synchronous act: hydration and its effects are flushed, and no task has run since, so the
    // page still shows the server's text whatever the machine's speed.
    act(() => {
      root = hydrateRoot(container, ui, { onRecoverableError: (error) => recoverable.push(error) });
    });

    // Storage is read in the task after hydration.
    expect(container).toHaveTextContent('status: loading');
    await waitFor(() => expect(container).toHaveTextContent('status: ready'));
    expect(container).toHaveTextContent('count: 2');
    expect(recoverable).toEqual([]);
    expect(errors).not.toHaveBeenCalled();
    act(() => root?.unmount());
    container.remove();
  });
});

describe('useCart', () => {
  it('throws outside the provider', () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<CartProbe />)).toThrow('useCart must be used inside <CartProvider>');
  });
});
