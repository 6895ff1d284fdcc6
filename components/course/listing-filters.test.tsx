import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { emptyFilters, type FilterKey } from '@/lib/filters';
import { FilterPanel } from './listing-filters';

const indexed: Record<FilterKey, string[]> = {
  rating: ['4.5', '4.0', '3.5'],
  lang: ['Spanish', 'English', 'German'],
  price: ['0-10', '10-15'],
  level: [],
  length: ['1-3'],
};

const counts: Record<FilterKey, Record<string, number>> = {
  rating: { '4.5': 12, '4.0': 30, '3.5': 40 },
  lang: { English: 35, Spanish: 4 },
  price: { '0-10': 15, '10-15': 25 },
  level: {},
  length: { '1-3': 40 },
};

function renderPanel(filters = emptyFilters()) {
  const onChange = jest.fn();
  render(
    <FilterPanel heading outcome={{ counts, indexed }} filters={filters} onChange={onChange} onRetry={jest.fn()} />,
  );
  return onChange;
}

describe('FilterPanel', () => {
  it('shows one fieldset per group with something to choose, each choice with its count', () => {
    renderPanel();
    expect(screen.getAllByRole('group').map((group) => group.querySelector('legend')?.textContent)).toEqual([
      'Rating',
      'Language',
      'Price',
      'Length',
    ]);
    expect(screen.getByRole('radio', { name: '4.5 & up (12)' })).toBeEnabled();
    expect(
      screen.getAllByRole('checkbox', { name: /^(English|German|Spanish) / }).map((box) => box.getAttribute('value')),
    ).toEqual(['English', 'German', 'Spanish']);
  });

  it('disables a choice that would leave no course, but not a chosen one', () => {
    renderPanel({ ...emptyFilters(), length: ['6-17'] });
    expect(screen.getByRole('checkbox', { name: 'German (0)' })).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: '6–17 hours (0)' })).toBeEnabled();
    expect(screen.getByRole('checkbox', { name: '6–17 hours (0)' })).toBeChecked();
  });

  it('adds a language to the ones chosen, and clears every filter', async () => {
    const onChange = renderPanel({ ...emptyFilters(), lang: ['Spanish'], rating: ['4.0'] });
    const user = userEvent.setup();
    await user.click(screen.getByRole('checkbox', { name: 'English (35)' }));
    expect(onChange).toHaveBeenLastCalledWith({ ...emptyFilters(), lang: ['Spanish', 'English'], rating: ['4.0'] });
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(onChange).toHaveBeenLastCalledWith(emptyFilters());
  });

  it('says that filtering needs a connection when there is no index', () => {
    render(<FilterPanel heading outcome={null} filters={emptyFilters()} onChange={jest.fn()} onRetry={jest.fn()} />);
    expect(screen.getByRole('status')).toHaveTextContent('Filtering needs a connection.');
    expect(screen.queryAllByRole('group')).toHaveLength(0);
  });
});
