import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getCartIndex } from '@/test/helpers/cart-index';
import type { CartItem } from '@/lib/types';
import { AddToCartButton } from './add-to-cart-button';
import { AddToCartLink } from './add-to-cart-link';

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

const course = Object.values(getCartIndex())[0] as CartItem;

afterEach(() => push.mockClear());

describe('AddToCartButton', () => {
  it('is a submit button of a GET form to the cart that names the course, so it works before hydration', () => {
    render(<AddToCartButton courseId={course.courseID} />);
    const button = screen.getByRole('button', { name: 'Add to cart' });
    expect(button).toHaveAttribute('type', 'submit');
    const form = button.closest('form')!;
    expect(form).toHaveAttribute('action', '/cart/');
    expect(form).toHaveAttribute('method', 'get');
    expect(new FormData(form).get('add')).toBe(course.courseID);
  });

  it('once hydrated, goes to the cart with ?add= by a client-side navigation instead', async () => {
    const user = userEvent.setup();
    render(<AddToCartButton courseId={course.courseID} />);
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    await waitFor(() => expect(push).toHaveBeenCalledWith(`/cart/?add=${course.courseID}`));
  });

  it('cancels the native submit', () => {
    render(<AddToCartButton courseId={course.courseID} />);
    const form = screen.getByRole('button', { name: 'Add to cart' }).closest('form')!;
    expect(fireEvent.submit(form)).toBe(false);
  });

  it('merges a className', () => {
    render(<AddToCartButton courseId={course.courseID} className="mt-4" />);
    expect(screen.getByRole('button', { name: 'Add to cart' }).closest('form')).toHaveClass('mt-4');
  });
});

describe('AddToCartLink', () => {
  it('is a plain link to the cart with ?add= whose name starts with "Add to cart" and names the course', () => {
    render(<AddToCartLink courseId={course.courseID} courseName={course.course_name} />);
    const link = screen.getByRole('link', { name: /^Add to cart/ });
    // next/link drops the trailing slash in Jest; the export (trailingSlash) keeps it.
    expect(link).toHaveAttribute('href', expect.stringMatching(new RegExp(`^/cart/?\\?add=${course.courseID}$`)));
    expect(link).toHaveAccessibleName(expect.stringContaining(course.course_name));
  });

  it('percent-encodes the id', () => {
    render(<AddToCartLink courseId="a&b" courseName="Odd" />);
    expect(screen.getByRole('link', { name: /^Add to cart/ })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/cart\/?\?add=a%26b$/),
    );
  });
});
