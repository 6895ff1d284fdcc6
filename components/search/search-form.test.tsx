import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getCourses } from '@/lib/server/catalogue';
import { tokenize } from '@/lib/search';
import { prepareSuggestions, suggestCourses } from '@/lib/browser/search-runtime';
import { SearchForm } from './search-form';

const push = jest.fn();
let pathname = '/';
jest.mock('next/navigation', () => ({ useRouter: () => ({ push }), usePathname: () => pathname }));

/*
 * Pagefind runs in the browser only (e2e/search*.spec.ts cover it); here a stand-in searches
 * the 22 courses by name, creator and category with every word as a prefix, in catalogue order.
 */
jest.mock('@/lib/browser/search-runtime', () => ({ prepareSuggestions: jest.fn(), suggestCourses: jest.fn() }));
const courses = getCourses().map(
  ({ id, image, course_name, creator, rating_star, rating_count, actual_price, discounted_price, category }) => ({
    id,
    image,
    course_name,
    creator,
    rating_star,
    rating_count,
    actual_price,
    discounted_price,
    category,
  }),
);
jest.mocked(prepareSuggestions).mockResolvedValue();
jest.mocked(suggestCourses).mockImplementation(async (query) => {
  const tokens = tokenize(query);
  const hits = courses.filter((course) => {
    const words = tokenize(`${course.course_name} ${course.creator} ${course.category}`);
    return tokens.every((token) => words.some((word) => word.startsWith(token)));
  });
  return { query, total: hits.length, counts: {}, load: async (start, end) => hits.slice(start, end) };
});

beforeEach(() => {
  push.mockClear();
  jest.mocked(prepareSuggestions).mockClear();
  pathname = '/';
  window.history.replaceState(null, '', '/');
});

function field() {
  return screen.getByRole('combobox', { name: 'Search courses' });
}

async function typeInField(text: string) {
  const user = userEvent.setup();
  await user.click(field());
  await user.type(field(), text);
  return user;
}

// The index is cached for the whole page, so these tests run in order and share it.
describe('SearchForm', () => {
  it('is a GET search form to /search/ with a text field named q, and loads nothing up front', () => {
    render(<SearchForm />);
    const form = screen.getByRole('search');
    expect(form).toHaveAttribute('action', '/search/');
    expect(form).toHaveAttribute('method', 'get');
    // A combobox may not be <input type="search"> (W3C Nu checker), so it is a text field.
    expect(field()).toHaveAttribute('type', 'text');
    expect(field()).toHaveAttribute('name', 'q');
    expect(field()).toHaveAttribute('aria-expanded', 'false');
    expect(prepareSuggestions).not.toHaveBeenCalled();
  });

  it('loads the search runtime on focus and suggests up to five courses', async () => {
    render(<SearchForm />);
    await typeInField('python');
    expect(prepareSuggestions).toHaveBeenCalled();
    expect(await screen.findAllByRole('option')).toHaveLength(5);
    expect(field()).toHaveAttribute('aria-expanded', 'true');
  });

  it('suggests nothing for a single letter', async () => {
    render(<SearchForm />);
    await typeInField('p');
    await act(async () => {});
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    expect(field()).toHaveAttribute('aria-expanded', 'false');
  });

  it('shows the query of the page in the field on /search/', async () => {
    pathname = '/search/';
    window.history.replaceState(null, '', '/search/?q=data+science');
    render(<SearchForm />);
    expect(field()).toHaveValue('data science');
  });

  it('moves through the suggestions with the arrow keys and opens the active one with Enter', async () => {
    render(<SearchForm />);
    const user = await typeInField('python');
    const options = await screen.findAllByRole('option');

    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(field()).toHaveAttribute('aria-activedescendant', options[1]?.id);
    expect(options[1]).toHaveAttribute('aria-selected', 'true');

    await user.keyboard('{Enter}');
    await waitFor(() => expect(push).toHaveBeenCalledWith('/courses/py-102/'));
    expect(field()).toHaveValue('');
    expect(screen.queryAllByRole('option')).toHaveLength(0);
  });

  it('closes the list with Escape and clears the field with a second Escape', async () => {
    render(<SearchForm />);
    const user = await typeInField('aws');
    expect(await screen.findAllByRole('option')).toHaveLength(3);

    await user.keyboard('{Escape}');
    expect(field()).toHaveAttribute('aria-expanded', 'false');
    expect(field()).toHaveValue('aws');

    await user.keyboard('{Escape}');
    expect(field()).toHaveValue('');
  });

  it('searches with Enter when no suggestion is active', async () => {
    render(<SearchForm />);
    const user = await typeInField('python data');
    await screen.findAllByRole('option');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(push).toHaveBeenCalledWith('/search/?q=python+data'));
  });

  it('opens a suggestion on click', async () => {
    render(<SearchForm />);
    const user = await typeInField('terraform');
    await user.click(await screen.findByRole('option', { name: /Infrastructure as Code/ }));
    await waitFor(() => expect(push).toHaveBeenCalledWith('/courses/aws-301/'));
  });

  it('reveals the field behind the Search button', async () => {
    render(<SearchForm />);
    const toggle = screen.getByRole('button', { name: 'Search' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await act(async () => toggle.click());
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(field()).toHaveFocus();
  });
});
