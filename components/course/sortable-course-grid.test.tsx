import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { SortableCourseGrid, type SortableCard } from './sortable-course-grid';

const items: SortableCard[] = [
  { id: 'a', students: 10, rating_star: 4.1, updated_date: '01/2026', discounted_price: 12.99, card: <p>Course A</p> },
  { id: 'b', students: 30, rating_star: 4.9, updated_date: '06/2025', discounted_price: 7.99, card: <p>Course B</p> },
  { id: 'c', students: 20, rating_star: 4.5, updated_date: '09/2026', discounted_price: 9.99, card: <p>Course C</p> },
];

const order = (container: HTMLElement = document.body) =>
  within(container)
    .getAllByRole('listitem')
    .map((item) => item.textContent);

function setUrl(search: string) {
  window.history.replaceState(null, '', `/category/python/${search}`);
}

describe('SortableCourseGrid', () => {
  beforeEach(() => setUrl(''));

  it('shows catalogue order with relevance selected by default', () => {
    render(<SortableCourseGrid items={items} />);
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('relevance');
    expect(order()).toEqual(['Course A', 'Course B', 'Course C']);
  });

  it('reorders the cards and writes the choice to the URL', async () => {
    const user = userEvent.setup();
    render(<SortableCourseGrid items={items} />);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'price-asc');
    expect(window.location.search).toBe('?sort=price-asc');
    expect(order()).toEqual(['Course B', 'Course C', 'Course A']);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'relevance');
    expect(window.location.search).toBe('');
    expect(order()).toEqual(['Course A', 'Course B', 'Course C']);
  });

  it('pre-renders catalogue order, then applies ?sort= after hydration without a mismatch', async () => {
    setUrl('?sort=newest');
    const html = renderToString(<SortableCourseGrid items={items} />);
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    expect(order(container)).toEqual(['Course A', 'Course B', 'Course C']);

    const errors = jest.spyOn(console, 'error').mockImplementation(() => {});
    await act(async () => {
      hydrateRoot(container, <SortableCourseGrid items={items} />);
    });
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
    expect(order(container)).toEqual(['Course C', 'Course A', 'Course B']);
    expect(within(container).getByRole('combobox', { name: 'Sort by' })).toHaveValue('newest');
    container.remove();
  });

  it('treats an unknown ?sort= as relevance', () => {
    setUrl('?sort=cheapest');
    render(<SortableCourseGrid items={items} />);
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('relevance');
    expect(order()).toEqual(['Course A', 'Course B', 'Course C']);
  });
});
