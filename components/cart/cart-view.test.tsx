import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { serializeCart } from '@/lib/cart';
import { getCartIndex } from '@/lib/catalogue';
import type { CartItem } from '@/lib/types';
import { CartProvider } from './cart-provider';
import { CartView } from './cart-view';

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
    <CartProvider index={index}>
      <CartView />
    </CartProvider>,
  );
}

afterEach(() => localStorage.clear());

describe('CartView', () => {
  it('says the cart is empty under a single, visually hidden h1', () => {
    renderView();
    expect(screen.getByText('No items found in the cart.')).toBeVisible();
    const headings = screen.getAllByRole('heading', { level: 1 });
    expect(headings).toHaveLength(1);
    expect(headings[0]).toHaveTextContent('Shopping Cart');
    expect(headings[0]).toHaveClass('sr-only');
    expect(screen.queryByRole('button', { name: 'Checkout' })).not.toBeInTheDocument();
  });

  it('lists the items with their count, details and the exact total', () => {
    localStorage.setItem('cart', serializeCart([at1999, at999, at599]));
    renderView();

    expect(screen.getByRole('heading', { level: 1, name: 'Shopping Cart' })).not.toHaveClass('sr-only');
    expect(screen.getByRole('heading', { name: '3 Course in Cart' })).toBeInTheDocument();
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
    expect(first.getByRole('presentation')).toHaveAttribute('src', at1999.image);
    expect(first.getByRole('button', { name: `Remove ${at1999.course_name}` })).toBeInTheDocument();
  });

  it('removes one item, updates count and total, announces it and keeps focus in the list', async () => {
    const user = userEvent.setup();
    localStorage.setItem('cart', serializeCart([at1999, at999, at599]));
    renderView();

    await user.click(screen.getByRole('button', { name: `Remove ${at999.course_name}` }));

    expect(screen.queryByRole('link', { name: at999.course_name })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '2 Course in Cart' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Order summary' })).toHaveTextContent('Total: $25.98');
    expect(screen.getByRole('status')).toHaveTextContent(`Removed ${at999.course_name} from the cart.`);
    expect(screen.getByRole('button', { name: `Remove ${at599.course_name}` })).toHaveFocus();
    expect(localStorage.getItem('cart')).toBe(serializeCart([at1999, at599]));
  });

  it('removing the last item shows the empty message and focuses the heading', async () => {
    const user = userEvent.setup();
    localStorage.setItem('cart', serializeCart([at599]));
    renderView();
    await user.click(screen.getByRole('button', { name: /^Remove/ }));
    expect(screen.getByText('No items found in the cart.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveFocus();
  });

  it('Clear All empties the cart', async () => {
    const user = userEvent.setup();
    localStorage.setItem('cart', serializeCart([at1999, at999]));
    renderView();
    await user.click(screen.getByRole('button', { name: 'Clear All' }));
    expect(screen.getByText('No items found in the cart.')).toBeInTheDocument();
    expect(screen.queryAllByRole('listitem')).toHaveLength(0);
    expect(screen.getByRole('status')).toHaveTextContent('Cart cleared.');
    expect(localStorage.getItem('cart')).toBe('[]');
  });

  it('Checkout is a button that does nothing', async () => {
    const user = userEvent.setup();
    localStorage.setItem('cart', serializeCart([at1999]));
    renderView();
    const checkout = screen.getByRole('button', { name: 'Checkout' });
    expect(checkout).toHaveAttribute('type', 'button');
    expect(checkout.closest('a, form')).toBeNull();
    await user.click(checkout);
    expect(screen.getByRole('region', { name: 'Order summary' })).toHaveTextContent('Total: $19.99');
    expect(localStorage.getItem('cart')).toBe(serializeCart([at1999]));
  });

  it('shows neither the empty message nor items before the saved cart is known', () => {
    localStorage.setItem('cart', serializeCart([at1999]));
    const container = document.createElement('div');
    container.innerHTML = renderToString(
      <CartProvider index={index}>
        <CartView />
      </CartProvider>,
    );
    expect(container).not.toHaveTextContent('No items found in the cart.');
    expect(container).not.toHaveTextContent(at1999.course_name);
    expect(container).not.toHaveTextContent('Total');
    expect(container.querySelectorAll('h1')).toHaveLength(1);
    expect(container.querySelector('[aria-busy="true"]')).not.toBeNull();
  });
});
