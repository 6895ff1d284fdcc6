import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SortSelect } from './sort-select';

const router = { push: jest.fn(), replace: jest.fn() };
jest.mock('next/navigation', () => ({ useRouter: () => router }));

function setUrl(path: string) {
  window.history.replaceState(null, '', path);
}

beforeEach(() => {
  router.push.mockClear();
  router.replace.mockClear();
  setUrl('/category/python/');
});

describe('SortSelect', () => {
  it('is a labelled select listing the orders, showing the page’s own order', () => {
    render(<SortSelect category="python" sort="rating" />);
    const select = screen.getByRole('combobox', { name: 'Sort by' });
    expect(select).toHaveValue('rating');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Most relevant',
      'Most popular',
      'Highest rated',
      'Newest',
      'Price: low to high',
      'Price: high to low',
    ]);
  });

  it('names each order’s page on its option, for the first-paint script to load before hydration', () => {
    render(<SortSelect category="web development" sort="relevance" />);
    expect(
      screen.getAllByRole('option').map((option) => [(option as HTMLOptionElement).value, option.dataset.href]),
    ).toEqual([
      ['relevance', '/category/web%20development/'],
      ['popular', '/category/web%20development/sort/popular/'],
      ['rating', '/category/web%20development/sort/rating/'],
      ['newest', '/category/web%20development/sort/newest/'],
      ['price-asc', '/category/web%20development/sort/price-asc/'],
      ['price-desc', '/category/web%20development/sort/price-desc/'],
    ]);
  });

  it('offers the orders as links too, for a browser without JavaScript, marking the current one', () => {
    render(<SortSelect category="python" sort="newest" />);
    const links = screen.getByRole('navigation', { name: 'Sort order', hidden: true }).querySelectorAll('a');
    expect([...links].map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Most relevant', '/category/python/'],
      ['Most popular', '/category/python/sort/popular/'],
      ['Highest rated', '/category/python/sort/rating/'],
      ['Newest', '/category/python/sort/newest/'],
      ['Price: low to high', '/category/python/sort/price-asc/'],
      ['Price: high to low', '/category/python/sort/price-desc/'],
    ]);
    expect([...links].filter((link) => link.getAttribute('aria-current') === 'page')).toHaveLength(1);
    expect(links[3]).toHaveAttribute('aria-current', 'page');
  });

  it('navigates to the first page of the chosen order, keeping the scroll position', async () => {
    const user = userEvent.setup();
    render(<SortSelect category="web development" sort="relevance" />);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'price-asc');
    expect(router.push).toHaveBeenCalledWith('/category/web%20development/sort/price-asc/', { scroll: false });
  });

  it('leads back to the plain category URL for the default order', async () => {
    const user = userEvent.setup();
    render(<SortSelect category="python" sort="newest" />);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'relevance');
    expect(router.push).toHaveBeenCalledWith('/category/python/', { scroll: false });
  });

  it('sends an old ?sort= link on to the sorted URL, replacing the history entry', async () => {
    setUrl('/category/python/?sort=price-desc');
    render(<SortSelect category="python" sort="relevance" />);
    await waitFor(() =>
      expect(router.replace).toHaveBeenCalledWith('/category/python/sort/price-desc/', { scroll: false }),
    );
  });

  it('leaves an unknown ?sort=, or one on a page that is already sorted, alone', async () => {
    setUrl('/category/python/?sort=cheapest');
    const { unmount } = render(<SortSelect category="python" sort="relevance" />);
    unmount();
    setUrl('/category/python/sort/newest/?sort=price-asc');
    render(<SortSelect category="python" sort="newest" />);
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(router.replace).not.toHaveBeenCalled();
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('newest');
  });
});
