import { render, screen, within } from '@testing-library/react';
import type { Course, Review } from '@/lib/types';
import { ReviewsPage } from './reviews-page';

const course = { id: 'py-101', course_name: 'Python for Beginners' } as Course;
const now = new Date('2026-11-26T12:00:00Z');

/** `count` reviews, newest first, their stars cycling through `stars`. */
function reviewsOf(count: number, stars: number[] = [5]): Review[] {
  return Array.from({ length: count }, (_, index) => ({
    course: course.id,
    author: `Student ${index + 1}`,
    rating: stars[index % stars.length]!,
    date: new Date(Date.UTC(2026, 10, 25) - index * 86_400_000).toISOString().slice(0, 10),
    text: `Review number ${index + 1}.`,
  }));
}

const items = () =>
  within(screen.getByRole('region', { name: 'Reviews' }))
    .getAllByRole('listitem')
    .filter((item) => item.hasAttribute('data-rating'));
const filterLinks = () =>
  within(screen.getByRole('navigation', { name: 'Filter reviews by stars' }))
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);

describe('ReviewsPage', () => {
  it('names the course, links back to it, counts the reviews and lists them in the order given', () => {
    render(<ReviewsPage course={course} reviews={reviewsOf(3)} page={1} now={now} />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Reviews of Python for Beginners');
    expect(screen.getByRole('link', { name: 'Python for Beginners' })).toHaveAttribute('href', '/courses/py-101/');
    expect(screen.getByText('3 written reviews')).toBeInTheDocument();
    expect(items().map((item) => item.textContent)).toEqual([
      expect.stringContaining('Student 1'),
      expect.stringContaining('Student 2'),
      expect.stringContaining('Student 3'),
    ]);
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument();
  });

  it('offers All and only the stars the page has, each with its count, as fragments with a target before the list', () => {
    const { container } = render(
      <ReviewsPage course={course} reviews={reviewsOf(5, [5, 4, 5, 2, 5])} page={1} now={now} />,
    );
    expect(filterLinks()).toEqual([
      ['All (5)', '/courses/py-101/reviews/'],
      ['5 stars (3)', '/courses/py-101/reviews/#stars-5'],
      ['4 stars (1)', '/courses/py-101/reviews/#stars-4'],
      ['2 stars (1)', '/courses/py-101/reviews/#stars-2'],
    ]);
    const targets = [...container.querySelectorAll('[id^="stars-"]')];
    expect(targets.map((target) => target.id)).toEqual(['stars-5', 'stars-4', 'stars-2']);
    const list = container.querySelector('section > ul')!;
    for (const target of targets)
      expect(target.compareDocumentPosition(list) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('shows 50 reviews a page, with pagination, and filters only the page it shows', () => {
    const all = reviewsOf(120, [5, 4]);
    render(<ReviewsPage course={course} reviews={all} page={3} now={now} />);
    expect(screen.getByText(/^120 written reviews/)).toBeInTheDocument();
    expect(items()).toHaveLength(20);
    expect(items()[0]).toHaveTextContent('Student 101');
    expect(filterLinks()[0]).toEqual(['All (20)', '/courses/py-101/reviews/3/']);
    expect(filterLinks()[1]).toEqual(['5 stars (10)', '/courses/py-101/reviews/3/#stars-5']);
    const pagination = screen.getByRole('navigation', { name: 'Pagination' });
    expect(within(pagination).getByRole('link', { name: 'Previous page' })).toHaveAttribute(
      'href',
      '/courses/py-101/reviews/2/',
    );
    expect(within(pagination).getByRole('link', { name: 'Page 1' })).toHaveAttribute(
      'href',
      '/courses/py-101/reviews/',
    );
  });
});
