import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getCourses } from '@/lib/catalogue';
import { toSearchEntry } from '@/lib/search';
import { SearchForm } from './search-form';

const push = jest.fn();
jest.mock('next/navigation', () => ({ useRouter: () => ({ push }) }));

const entries = getCourses().map(toSearchEntry);
const fetchMock = jest.fn(async () => ({ ok: true, status: 200, json: async () => entries }));

beforeAll(() => {
  global.fetch = fetchMock as unknown as typeof fetch;
});

beforeEach(() => push.mockClear());

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
  it('is a GET search form to /search/ with a field named q, and loads nothing up front', () => {
    render(<SearchForm />);
    const form = screen.getByRole('search');
    expect(form).toHaveAttribute('action', '/search/');
    expect(form).toHaveAttribute('method', 'get');
    expect(field()).toHaveAttribute('name', 'q');
    expect(field()).toHaveAttribute('aria-expanded', 'false');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('loads the index once, on focus, and suggests up to five courses', async () => {
    render(<SearchForm />);
    await typeInField('python');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledWith('/search-index.json');
    expect(await screen.findAllByRole('option')).toHaveLength(5);
    expect(field()).toHaveAttribute('aria-expanded', 'true');
  });

  it('moves through the suggestions with the arrow keys and opens the active one with Enter', async () => {
    render(<SearchForm />);
    const user = await typeInField('python');
    const options = await screen.findAllByRole('option');

    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(field()).toHaveAttribute('aria-activedescendant', options[1]?.id);
    expect(options[1]).toHaveAttribute('aria-selected', 'true');

    await user.keyboard('{Enter}');
    expect(push).toHaveBeenCalledWith('/courses/py-102/');
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
    expect(push).toHaveBeenCalledWith('/search/?q=python+data');
  });

  it('opens a suggestion on click', async () => {
    render(<SearchForm />);
    const user = await typeInField('terraform');
    await user.click(await screen.findByRole('option', { name: /Infrastructure as Code/ }));
    expect(push).toHaveBeenCalledWith('/courses/aws-301/');
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
