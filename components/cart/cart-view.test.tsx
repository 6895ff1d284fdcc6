import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { serializeCart } from '@/lib/cart';
import { getCartIndex } from '@/test/helpers/cart-index';
import type { CartItem } from '@/lib/types';
import { WishlistProvider } from '@/components/wishlist/wishlist-provider';
import { CartProvider } from './cart-provider';
import { CartView } from './cart-view';
import { serveCartItems } from '@/test/helpers/serve-cart-items';

const index = getCartIndex();

function course(price: number): CartItem {
  const found = Object.values(index).find((item) => item.discounted_price === price);
  if (!found) throw new Error(`no course costs ${price}`);
  return found;
}
const at1999 = course(19.99);
const at999 = course(9.99);
const at599 = course(5.99);

function renderView() {
  return render(
    <CartProvider>
      <WishlistProvider>
        <CartView />
      </WishlistProvider>
    </CartProvider>,
  );
}

let served: ReturnType<typeof serveCartItems>;
beforeEach(() => {
  served = serveCartItems();
});
afterEach(() => {
  localStorage.clear();
  window.history.replaceState(null, '', '/');
});

/** The polite live region that names a removal or a course that could not be added. */
/** Whether the empty message is displayed (jsdom has no stylesheet: read the class that hides it). */
const emptyMessageShown = () =>
  !screen.getByText('No items found in the cart.').parentElement!.classList.contains('hidden');

const liveText = (text: string) => screen.getAllByRole('status').find((region) => region.textContent === text);

describe('CartView', () => {
  it('says the cart is empty under a single, visually hidden h1', async () => {
    renderView();
    expect(await screen.findByText('No items found in the cart.')).toBeVisible();
    const headings = screen.getAllByRole('heading', { level: 1 });
    expect(headings).toHaveLength(1);
    expect(headings[0]).toHaveTextContent('Shopping Cart');
    expect(headings[0]).toHaveClass('sr-only');
    expect(screen.queryByRole('button', { name: 'Checkout' })).not.toBeInTheDocument();
  });

  it('lists the items with their count, details and the exact total', async () => {
    localStorage.setItem('cart', serializeCart([at1999, at999, at599]));
    renderView();

    expect(await screen.findByRole('heading', { name: '3 Course in Cart' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Shopping Cart' })).not.toHaveClass('sr-only');
    expect(screen.getByRole('button', { name: 'Clear All' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Order summary' })).toHaveTextContent('Total: $35.97');

    const rows = screen.getAllByRole('listitem');
    expect(rows).toHaveLength(3);
    const first = within(rows[0] as HTMLElement);
    expect(first.getByRole('link', { name: at1999.course_name })).toHaveAttribute(
      'href',
      expect.stringMatching(new RegExp(`^/courses/${at1999.courseID}/?$`)),
    );
    expect(first.getByText(`By ${at1999.creator}`)).toBeInTheDocument();
    expect(first.getByText('$19.99')).toBeInTheDocument();
    expect(first.getByText(at1999.category)).toBeInTheDocument();
    expect(first.getByRole('presentation')).toHaveAttribute('src', expect.stringContaining(`/_img${at1999.image}.`));
    expect(first.getByRole('button', { name: `Remove ${at1999.course_name}` })).toBeInTheDocument();
  });

  it('removes one item, updates count and total, announces it and keeps focus in the list', async () => {
    const user = userEvent.setup();
    localStorage.setItem('cart', serializeCart([at1999, at999, at599]));
    renderView();

    await user.click(await screen.findByRole('button', { name: `Remove ${at999.course_name}` }));

    expect(screen.queryByRole('link', { name: at999.course_name })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '2 Course in Cart' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Order summary' })).toHaveTextContent('Total: $25.98');
    expect(liveText(`Removed ${at999.course_name} from the cart.`)).toBeDefined();
    expect(screen.getByRole('button', { name: `Remove ${at599.course_name}` })).toHaveFocus();
    expect(localStorage.getItem('cart')).toBe(serializeCart([at1999, at599]));
  });

  it('Save for later moves a course to the wishlist; count and total update', async () => {
    const user = userEvent.setup();
    localStorage.setItem('cart', serializeCart([at1999, at999]));
    renderView();

    await user.click(await screen.findByRole('button', { name: `Save for later ${at1999.course_name}` }));

    expect(await screen.findByRole('heading', { name: '1 Course in Cart' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Order summary' })).toHaveTextContent('Total: $9.99');
    expect(liveText(`Moved ${at1999.course_name} to your wishlist.`)).toBeDefined();
    expect(localStorage.getItem('cart')).toBe(serializeCart([at999]));
    expect(localStorage.getItem('wishlist')).toBe(JSON.stringify([at1999.courseID]));
  });

  it('removing the last item shows the empty message and focuses the heading', async () => {
    const user = userEvent.setup();
    localStorage.setItem('cart', serializeCart([at599]));
    renderView();
    await user.click(await screen.findByRole('button', { name: /^Remove/ }));
    expect(screen.getByText('No items found in the cart.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveFocus();
  });

  it('Clear All empties the cart', async () => {
    const user = userEvent.setup();
    localStorage.setItem('cart', serializeCart([at1999, at999]));
    renderView();
    await user.click(await screen.findByRole('button', { name: 'Clear All' }));
    expect(screen.getByText('No items found in the cart.')).toBeInTheDocument();
    expect(screen.queryAllByRole('listitem')).toHaveLength(0);
    expect(liveText('Cart cleared.')).toBeDefined();
    expect(localStorage.getItem('cart')).toBe('[]');
  });

  it('Checkout is a button that does nothing', async () => {
    const user = userEvent.setup();
    localStorage.setItem('cart', serializeCart([at1999]));
    renderView();
    const checkout = await screen.findByRole('button', { name: 'Checkout' });
    expect(checkout).toHaveAttribute('type', 'button');
    expect(checkout.closest('a, form')).toBeNull();
    await user.click(checkout);
    expect(screen.getByRole('region', { name: 'Order summary' })).toHaveTextContent('Total: $19.99');
    expect(localStorage.getItem('cart')).toBe(serializeCart([at1999]));
  });

  it('shows neither the empty message nor items before the saved cart is known, until the page script says the cart is empty', () => {
    localStorage.setItem('cart', serializeCart([at1999]));
    const container = document.createElement('div');
    container.innerHTML = renderToString(
      <CartProvider>
        <WishlistProvider>
          <CartView />
        </WishlistProvider>
      </CartProvider>,
    );
    expect(container).not.toHaveTextContent(at1999.course_name);
    expect(container).not.toHaveTextContent('Total');
    expect(container.querySelectorAll('h1')).toHaveLength(1);
    expect(container.querySelector('[aria-busy="true"]')).not.toBeNull();
    // Hidden unless app/cart/page.tsx's script marked the cart empty; the title unless it did.
    const empty = within(container).getByText('No items found in the cart.').parentElement;
    expect(empty).toHaveClass('hidden', 'group-data-[cart=empty]/cart:flex');
    expect(container.querySelector('h1')).not.toHaveClass('sr-only');
    expect(container.querySelector('h1')).toHaveClass('group-data-[cart=empty]/cart:sr-only');
  });

  it('adds the course named in ?add= once, then drops ?add= from the address', async () => {
    window.history.replaceState(null, '', `/cart/?add=${at999.courseID}`);
    renderView();
    expect(emptyMessageShown()).toBe(false);
    expect(await screen.findByRole('heading', { name: '1 Course in Cart' })).toBeInTheDocument();
    expect(window.location.pathname + window.location.search).toBe('/cart/');
    expect(localStorage.getItem('cart')).toBe(serializeCart([at999]));
    expect(served.fetchMock).toHaveBeenCalledTimes(1);
  });

  it('adding a course already in the cart changes nothing', async () => {
    localStorage.setItem('cart', serializeCart([at599, at999]));
    window.history.replaceState(null, '', `/cart/?add=${at599.courseID}`);
    renderView();
    expect(await screen.findByRole('heading', { name: '2 Course in Cart' })).toBeInTheDocument();
    expect(localStorage.getItem('cart')).toBe(serializeCart([at599, at999]));
    await act(async () => {});
    expect(window.location.search).toBe('');
  });

  it('ignores an unknown id in ?add= with a short notice', async () => {
    window.history.replaceState(null, '', '/cart/?add=no-such-course');
    renderView();
    expect(await screen.findByText('That course was not found, so nothing was added.')).toHaveAttribute(
      'role',
      'status',
    );
    expect(emptyMessageShown()).toBe(true);
    expect(window.location.search).toBe('');
    expect(localStorage.getItem('cart')).toBeNull();
  });

  it('says when saved courses could not be loaded, keeps them, shows no total, and tries again', async () => {
    const user = userEvent.setup();
    const value = serializeCart([at1999, at999]);
    localStorage.setItem('cart', value);
    served.state.offline = true;
    renderView();
    expect(await screen.findByText(/2 courses in your cart could not be loaded/)).toBeInTheDocument();
    expect(emptyMessageShown()).toBe(false);
    expect(screen.queryByRole('region', { name: 'Order summary' })).not.toBeInTheDocument();
    expect(localStorage.getItem('cart')).toBe(value);

    served.state.offline = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: '2 Course in Cart' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Order summary' })).toHaveTextContent('Total: $29.98');
  });
});
