import { render, screen, within } from '@testing-library/react';
import type { Course, Review } from '@/lib/types';
import { StudentFeedback } from './student-feedback';

const course = {
  id: 'py-101',
  course_name: 'Python for Beginners',
  rating_star: 4.7,
  rating_count: 100,
  rating_breakdown: [77, 18, 3, 1, 1],
} as Course;
const none: Review[] = [];
/** Written reviews of the course, newest first, with these ratings in this order. */
const reviewsRated = (ratings: number[]): Review[] =>
  ratings.map((rating, index) => ({
    course: 'py-101',
    author: `Student ${index + 1}`,
    rating,
    date: '2026-08-14',
    text: 'Clear.',
  }));

/** Where the bars with written reviews lead: the 5-star bar's, then the 3-star bar's. */
const barHrefs = () =>
  ['5 stars 77%', '3 stars 3%'].map((name) => screen.getByRole('link', { name }).getAttribute('href'));
const bars = () => within(screen.getByRole('list', { name: 'Ratings by stars' })).getAllByRole('listitem');

describe('StudentFeedback', () => {
  it("shows the average, its stars, 'Course Rating' and one bar per star with its share", () => {
    render(<StudentFeedback course={course} reviews={none} />);
    const section = screen.getByRole('region', { name: 'Student feedback' });
    expect(section).toHaveTextContent(/^Student feedback4\.7.*Course Rating/);
    expect(within(section).getByRole('img', { name: 'Rated 4.7 out of 5' })).toBeInTheDocument();
    expect(bars().map((bar) => bar.textContent)).toEqual([
      '5 stars 77%',
      '4 stars 18%',
      '3 stars 3%',
      '2 stars 1%',
      '1 star 1%',
    ]);
    expect(bars().map((bar) => bar.querySelector<HTMLElement>('[style]')?.style.width)).toEqual([
      '77%',
      '18%',
      '3%',
      '1%',
      '1%',
    ]);
  });

  it("links a bar to that star's reviews only when there are some, and offers every review", () => {
    render(<StudentFeedback course={course} reviews={reviewsRated([5, 3, 5])} />);
    // All on one page: the bar filters it by its fragment.
    expect(barHrefs()).toEqual(['/courses/py-101/reviews/#stars-5', '/courses/py-101/reviews/#stars-3']);
    expect(screen.queryByRole('link', { name: '4 stars 18%' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Show all reviews (3)' })).toHaveAttribute(
      'href',
      '/courses/py-101/reviews/',
    );
  });

  it("leads a bar to that star's own pages when the reviews take more than one", () => {
    render(<StudentFeedback course={course} reviews={reviewsRated([...Array<number>(50).fill(5), 3, 5])} />);
    expect(barHrefs()).toEqual(['/courses/py-101/reviews/stars-5/', '/courses/py-101/reviews/stars-3/']);
    expect(screen.getByRole('link', { name: 'Show all reviews (52)' })).toBeInTheDocument();
  });

  it('shows the newest six reviews, each with its author, stars, age and text, then all of them a click away', () => {
    const reviews: Review[] = Array.from({ length: 8 }, (_, index) => ({
      course: 'py-101',
      author: `Student ${index + 1}`,
      rating: index === 2 ? 2 : 5,
      date: `2026-11-${String(20 - index).padStart(2, '0')}`,
      text: `Review number ${index + 1}.`,
    }));
    // The page runs on 27 November 2026: the dates' ages count from the reader's today.
    jest.useFakeTimers({ now: new Date('2026-11-27T12:00:00Z') });
    render(<StudentFeedback course={course} reviews={reviews} />);
    jest.useRealTimers();
    const shown = within(
      screen.getByRole('heading', { name: 'Newest reviews' }).nextElementSibling as HTMLElement,
    ).getAllByRole('listitem');
    expect(shown.map((item) => item.querySelector('p')?.textContent)).toEqual([
      'Student 1',
      'Student 2',
      'Student 3',
      'Student 4',
      'Student 5',
      'Student 6',
    ]);
    expect(within(shown[2]!).getByRole('img', { name: 'Rated 2.0 out of 5' })).toBeInTheDocument();
    const age = shown[0]!.querySelector('time')!;
    expect(age).toHaveTextContent('1 week ago');
    expect(age).toHaveAttribute('dateTime', '2026-11-20');
    expect(age).toHaveAttribute('title', '20 November 2026');
    expect(shown[5]).toHaveTextContent('Review number 6.');
    expect(screen.queryByText('Review number 7.')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Show all reviews (8)' })).toBeInTheDocument();
  });

  it("clamps a long review behind 'Show more', a native disclosure, with the whole text in the page", () => {
    const long = 'Detailed and honest. '.repeat(20).trim();
    render(<StudentFeedback course={course} reviews={[{ ...reviewsRated([4])[0]!, text: long }]} />);
    const text = screen.getByText(long);
    expect(text).toHaveClass('clamp');
    const more = screen.getByText('Show more').closest('details')!;
    expect(text.nextElementSibling).toBe(more);
    expect(more).not.toHaveAttribute('open');
  });

  it('clamps no short review', () => {
    render(<StudentFeedback course={course} reviews={reviewsRated([4])} />);
    expect(screen.getByText('Clear.')).not.toHaveClass('clamp');
    expect(screen.queryByText('Show more')).not.toBeInTheDocument();
  });

  it('offers no link to reviews a course does not have', () => {
    render(<StudentFeedback course={course} reviews={none} />);
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it('invents no bars for a course without a breakdown, and still leads to its reviews', () => {
    render(<StudentFeedback course={{ ...course, rating_breakdown: undefined }} reviews={reviewsRated([4, 4])} />);
    expect(screen.queryByRole('list', { name: 'Ratings by stars' })).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Student feedback' })).toHaveTextContent('4.7');
    expect(screen.getByRole('link', { name: 'Show all reviews (2)' })).toBeInTheDocument();
  });

  it('shows nothing for a course with neither a breakdown nor a review', () => {
    const { container } = render(
      <StudentFeedback course={{ ...course, rating_breakdown: undefined }} reviews={none} />,
    );
    expect(container).toBeEmptyDOMElement();
  });
});
