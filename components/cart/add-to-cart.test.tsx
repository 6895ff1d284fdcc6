import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { serializeCart } from '@/lib/cart';
import { getCartIndex } from '@/lib/catalogue';
import type { CartItem } from '@/lib/types';
import { AddToCartButton } from './add-to-cart-button';
import { AddToCartLink } from './add-to-cart-link';
import { CartLink } from './cart-link';
import { CartProvider } from './cart-provider';

const push = jest.fn();
jest.mock('next/navigation', () => ({
  useRouter: () => ({
    push,
    replace: jest.fn(),
    prefetch: jest.fn(),
    back: jest.fn(),
    forward: jest.fn(),
    refresh: jest.fn(),
  }),
}));

const index = getCartIndex();
const course = Object.values(index)[0] as CartItem;

/** jsdom cannot follow links; stop the browser default after React has handled the click. */
function stopNavigation(event: MouseEvent) {
  event.preventDefault();
}
beforeAll(() => document.addEventListener('click', stopNavigation));
afterAll(() => document.removeEventListener('click', stopNavigation));

afterEach(() => {
  localStorage.clear();
  push.mockClear();
});

function renderWithCart(children: React.ReactNode) {
  return render(
    <CartProvider index={index}>
      <CartLink />
      {children}
    </CartProvider>,
  );
}

describe('AddToCartButton', () => {
  it('adds the course, then goes to the cart', async () => {
    const user = userEvent.setup();
    renderWithCart(<AddToCartButton courseId={course.courseID} />);

    await user.click(screen.getByRole('button', { name: 'Add to cart' }));

    expect(localStorage.getItem('cart')).toBe(serializeCart([course]));
    expect(screen.getByRole('link', { name: 'Cart, 1 item' })).toBeInTheDocument();
    expect(push).toHaveBeenCalledWith('/cart/');
  });

  it('does not add the same course twice', async () => {
    const user = userEvent.setup();
    renderWithCart(<AddToCartButton courseId={course.courseID} />);
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(localStorage.getItem('cart')).toBe(serializeCart([course]));
    expect(push).toHaveBeenCalledTimes(2);
  });

  it('is a plain button that merges a className', () => {
    renderWithCart(<AddToCartButton courseId={course.courseID} className="w-full" />);
    const button = screen.getByRole('button', { name: 'Add to cart' });
    expect(button).toHaveAttribute('type', 'button');
    expect(button).toHaveClass('w-full');
  });
});

describe('AddToCartLink', () => {
  it('is a link to the cart whose name starts with "Add to cart" and names the course', () => {
    renderWithCart(<AddToCartLink courseId={course.courseID} courseName={course.course_name} />);
    const link = screen.getByRole('link', { name: /^Add to cart/ });
    expect(link).toHaveAttribute('href', expect.stringMatching(/^\/cart\/?$/));
    expect(link).toHaveAccessibleName(expect.stringContaining(course.course_name));
  });

  it('adds the course when clicked, once however often', async () => {
    const user = userEvent.setup();
    renderWithCart(<AddToCartLink courseId={course.courseID} courseName={course.course_name} />);
    const link = screen.getByRole('link', { name: /^Add to cart/ });
    await user.click(link);
    await user.click(link);
    expect(localStorage.getItem('cart')).toBe(serializeCart([course]));
    expect(screen.getByRole('link', { name: 'Cart, 1 item' })).toBeInTheDocument();
  });

  it('adds on a ctrl-click or middle click too, so a cart opened in a new tab holds the course', async () => {
    const user = userEvent.setup();
    renderWithCart(<AddToCartLink courseId={course.courseID} courseName={course.course_name} />);
    const link = screen.getByRole('link', { name: /^Add to cart/ });

    await user.keyboard('{Control>}');
    await user.click(link);
    await user.keyboard('{/Control}');
    expect(localStorage.getItem('cart')).toBe(serializeCart([course]));

    localStorage.clear();
    const other = render(
      <CartProvider index={index}>
        <AddToCartLink courseId={course.courseID} courseName={course.course_name} />
      </CartProvider>,
    );
    await user.pointer({ keys: '[MouseMiddle]', target: other.getAllByRole('link', { name: /^Add to cart/ }).at(-1)! });
    expect(localStorage.getItem('cart')).toBe(serializeCart([course]));
  });
});
