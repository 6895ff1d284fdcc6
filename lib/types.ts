/** Category names, in the order the storefront shows them (SPEC §9). */
export const CATEGORY_ORDER = ['python', 'web development', 'data science', 'aws', 'design', 'marketing'] as const;

export type Category = (typeof CATEGORY_ORDER)[number];

export type Course = {
  /** Short, URL-safe, unique. */
  id: string;
  category: Category;
  /** Path under public/, e.g. '/images/courses/py-101.svg'. */
  image: string;
  course_name: string;
  description: string;
  rating_count: number;
  /** 3.8 to 5. */
  rating_star: number;
  students: number;
  creator: string;
  /** Month/year text, e.g. '08/2026'. */
  updated_date: string;
  lang: string | readonly string[];
  /** US dollars, e.g. 84.99. */
  actual_price: number;
  /** US dollars, e.g. 12.99. */
  discounted_price: number;
  what_you_will_learn: readonly string[];
  content: readonly string[];
};

/** What a course card shows: enough to render one without the full course. */
export type CourseSummary = Pick<
  Course,
  'id' | 'image' | 'course_name' | 'creator' | 'rating_star' | 'rating_count' | 'actual_price' | 'discounted_price'
>;

/** What the cart stores per course (SPEC §3), as saved in localStorage. */
export type CartItem = {
  courseID: string;
  image: string;
  course_name: string;
  creator: string;
  discounted_price: number;
  category: Category;
};
