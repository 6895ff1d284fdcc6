import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppRouterContext, type AppRouterInstance } from 'next/dist/shared/lib/app-router-context.shared-runtime';
import { Link } from './link';

function renderWithRouter(children: React.ReactNode) {
  const router = {
    push: jest.fn(),
    replace: jest.fn(),
    prefetch: jest.fn(),
    back: jest.fn(),
    forward: jest.fn(),
    refresh: jest.fn(),
    hmrRefresh: jest.fn(),
  } as unknown as AppRouterInstance & { prefetch: jest.Mock };
  render(<AppRouterContext.Provider value={router}>{children}</AppRouterContext.Provider>);
  return router;
}

describe('Link', () => {
  it('does not prefetch a link just because it is rendered', () => {
    const router = renderWithRouter(<Link href="/cart/">Cart</Link>);
    expect(screen.getByRole('link', { name: 'Cart' })).toHaveAttribute('href', expect.stringMatching(/^\/cart\/?$/));
    expect(router.prefetch).not.toHaveBeenCalled();
  });

  it('prefetches its route once when the pointer enters it', async () => {
    const router = renderWithRouter(<Link href="/category/python/">Python</Link>);
    const link = screen.getByRole('link', { name: 'Python' });
    await userEvent.hover(link);
    await userEvent.unhover(link);
    await userEvent.hover(link);
    expect(router.prefetch).toHaveBeenCalledTimes(1);
    expect(router.prefetch).toHaveBeenCalledWith('/category/python/');
  });

  it('prefetches on keyboard focus and on touch start', async () => {
    const router = renderWithRouter(
      <>
        <Link href="/courses/py-101/">Course</Link>
        <Link href="/search/">Search</Link>
      </>,
    );
    await userEvent.tab();
    expect(router.prefetch).toHaveBeenCalledWith('/courses/py-101/');
    fireEvent.touchStart(screen.getByRole('link', { name: 'Search' }));
    expect(router.prefetch).toHaveBeenCalledWith('/search/');
  });

  it('keeps the caller’s handlers', async () => {
    const onFocus = jest.fn();
    renderWithRouter(
      <Link href="/" onFocus={onFocus}>
        Home
      </Link>,
    );
    await userEvent.tab();
    expect(onFocus).toHaveBeenCalledTimes(1);
  });

  it('leaves prefetching to next/link when the caller sets prefetch', async () => {
    const router = renderWithRouter(
      <Link href="/cart/" prefetch={false}>
        Cart
      </Link>,
    );
    await userEvent.hover(screen.getByRole('link', { name: 'Cart' }));
    expect(router.prefetch).not.toHaveBeenCalled();
  });

  it('renders without an App Router (no prefetch, no error)', async () => {
    render(<Link href="/cart/">Cart</Link>);
    await userEvent.hover(screen.getByRole('link', { name: 'Cart' }));
    expect(screen.getByRole('link', { name: 'Cart' })).toBeInTheDocument();
  });
});
