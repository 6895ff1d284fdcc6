import { categoryImages } from '@/data/categories';
import { courses } from '@/data/courses';
import { CATEGORY_ORDER, type CartItem, type Category, type Course } from './types';

/** Every course, in catalogue order. */
export function getCourses(): readonly Course[] {
  return courses;
}

/** The course with this id, or undefined when there is none. */
export function getCourse(id: string): Course | undefined {
  return courses.find((course) => course.id === id);
}

/** Distinct categories, in the order they first appear in the catalogue. */
export function getCategories(): Category[] {
  return [...new Set(courses.map((course) => course.category))];
}

/** Courses of one category, in catalogue order; empty for an unknown category. */
export function getCoursesByCategory(category: string): Course[] {
  return courses.filter((course) => course.category === category);
}

/** The tile image of a category, as a path under public/. */
export function getCategoryImage(category: Category): string {
  return categoryImages[category];
}

const categoryLabels: Record<Category, string> = {
  python: 'Python',
  'web development': 'Web Development',
  'data science': 'Data Science',
  aws: 'AWS',
  design: 'Design',
  marketing: 'Marketing',
};

/** A category's name for headings and tabs ('AWS', 'Web Development'). */
export function getCategoryLabel(category: Category): string {
  return categoryLabels[category];
}

export function isCategory(value: string): value is Category {
  return (CATEGORY_ORDER as readonly string[]).includes(value);
}

/**
 * The slim id → cart item index the browser needs to validate and price a stored cart.
 * Only these fields reach the client; descriptions and syllabi stay on the server.
 */
export function getCartIndex(): Record<string, CartItem> {
  return Object.fromEntries(courses.map((course) => [course.id, toCartItem(course)]));
}

function toCartItem(course: Course): CartItem {
  return {
    courseID: course.id,
    image: course.image,
    course_name: course.course_name,
    creator: course.creator,
    discounted_price: course.discounted_price,
    category: course.category,
  };
}
