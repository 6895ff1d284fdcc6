import { render, screen, within } from '@testing-library/react';
import type { Course, Review } from '@/lib/types';
import { ReviewsPage } from './reviews-page';

const course = { id: 'py-101', course_name: 'Python for Beginners' } as Course;

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
    render(<ReviewsPage course={course} reviews={reviewsOf(3)} page={1} />);
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
      <ReviewsPage course={course} reviews={reviewsOf(5, [5, 4, 5, 2, 5])} page={1} />,
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

  it('shows 50 reviews a page, with pagination, and leads each star to its own pages, counted over all', () => {
    const all = reviewsOf(120, [5, 4]);
    const { container } = render(<ReviewsPage course={course} reviews={all} page={3} />);
    expect(screen.getByText(/^120 written reviews · page 3 of 3$/)).toBeInTheDocument();
    expect(items()).toHaveLength(20);
    expect(items()[0]).toHaveTextContent('Student 101');
    expect(filterLinks()).toEqual([
      ['All (120)', '/courses/py-101/reviews/'],
      ['5 stars (60)', '/courses/py-101/reviews/stars-5/'],
      ['4 stars (60)', '/courses/py-101/reviews/stars-4/'],
    ]);
    // No fragment targets: nothing filters this page in CSS.
    expect(container.querySelectorAll('[id^="stars-"]')).toHaveLength(0);
    expect(screen.getByRole('link', { name: 'All (120)' })).toHaveAttribute('aria-current', 'page');
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

  it("lists a star's own pages: every review of those stars, newest first, paged among themselves", () => {
    const all = reviewsOf(120, [5, 4, 4]);
    render(<ReviewsPage course={course} reviews={all} page={2} stars={4} />);
    expect(screen.getByText('120 written reviews · 80 with 4 stars · page 2 of 2')).toBeInTheDocument();
    expect(items()).toHaveLength(30);
    expect(items().every((item) => item.getAttribute('data-rating') === '4')).toBe(true);
    // The 51st four-star review, newest first: Student 77 (every third is a five).
    expect(items()[0]).toHaveTextContent('Student 77');
    expect(screen.getByRole('link', { name: '4 stars (80)' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'All (120)' })).not.toHaveAttribute('aria-current');
    const pagination = screen.getByRole('navigation', { name: 'Pagination' });
    expect(within(pagination).getByRole('link', { name: 'Page 1' })).toHaveAttribute(
      'href',
      '/courses/py-101/reviews/stars-4/',
    );
  });
});
