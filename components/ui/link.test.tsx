import { render, screen } from '@testing-library/react';
import { Link } from './link';

describe('Link', () => {
  it('is a plain anchor to the path, with nothing of its own to hydrate', () => {
    render(
      <Link href="/category/python/" className="pill">
        Python
      </Link>,
    );
    const link = screen.getByRole('link', { name: 'Python' });
    expect(link.tagName).toBe('A');
    expect(link).toHaveAttribute('href', '/category/python/');
    expect(link).toHaveClass('pill');
    expect(link).not.toHaveAttribute('data-prefetch');
  });

  it('marks a link that must never be prefetched', () => {
    render(
      <Link href="/cart/" prefetch={false}>
        Cart
      </Link>,
    );
    expect(screen.getByRole('link', { name: 'Cart' })).toHaveAttribute('data-prefetch', 'false');
  });

  it('puts the deploy sub-path in front of the path', () => {
    jest.isolateModules(() => {
      process.env.NEXT_PUBLIC_BASE_PATH = '/storefront';
      try {
        const { Link: SubPathLink } = jest.requireActual<typeof import('./link')>('./link');
        render(<SubPathLink href="/cart/">Cart under a sub-path</SubPathLink>);
      } finally {
        delete process.env.NEXT_PUBLIC_BASE_PATH;
      }
    });
    expect(screen.getByRole('link', { name: 'Cart under a sub-path' })).toHaveAttribute('href', '/storefront/cart/');
  });
});
