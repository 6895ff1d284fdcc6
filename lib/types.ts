import type { Category, Course } from './schema';

export type { Category, CategoryInfo, Course, RatingBreakdown, Review } from './schema';

/** What a course card shows: enough to render one without the full course. */
export type CourseSummary = Pick<
  Course,
  'id' | 'image' | 'course_name' | 'creator' | 'rating_star' | 'rating_count' | 'actual_price' | 'discounted_price'
> &
  // Cards are server components: the curriculum is read for the card's facts line, never sent as props.
  Partial<Pick<Course, 'content' | 'level'>> & {
    /** The card's facts line, made already: a search result carries no curriculum to make it from. */
    facts?: string;
  };

/** What the cart stores per course (SPEC §3), as saved in localStorage. */
export type CartItem = {
  courseID: string;
  image: string;
  course_name: string;
  creator: string;
  discounted_price: number;
  category: Category;
};
