import { relatedCourses } from './related';

const category = (size: number) => Array.from({ length: size }, (_, index) => ({ id: `c-${index + 1}` }));
const ids = (courses: { id: string }[]) => courses.map((course) => course.id);

describe('relatedCourses', () => {
  it('offers the nearest courses on either side, in catalogue order', () => {
    const courses = category(10);
    expect(ids(relatedCourses(courses[4]!, courses, 4))).toEqual(['c-3', 'c-4', 'c-6', 'c-7']);
  });

  it('wraps round the ends of the category', () => {
    const courses = category(10);
    expect(ids(relatedCourses(courses[0]!, courses, 4))).toEqual(['c-2', 'c-3', 'c-9', 'c-10']);
    expect(ids(relatedCourses(courses[9]!, courses, 4))).toEqual(['c-1', 'c-2', 'c-8', 'c-9']);
  });

  it('offers every other course of a small category, once, and nothing in a category of one', () => {
    for (const size of [2, 3, 4, 5]) {
      const courses = category(size);
      for (const course of courses) {
        const offered = ids(relatedCourses(course, courses, 4));
        expect(offered).toEqual(ids(courses.filter((other) => other !== course)));
      }
    }
    expect(relatedCourses({ id: 'c-1' }, category(1), 4)).toEqual([]);
  });

  it('offers each course on exactly `count` pages: a renamed course changes that many other pages', () => {
    const courses = category(800);
    const pages = new Map<string, number>();
    for (const course of courses)
      for (const { id } of relatedCourses(course, courses, 4)) pages.set(id, (pages.get(id) ?? 0) + 1);
    expect(new Set(pages.values())).toEqual(new Set([4]));
    expect(pages.size).toBe(800);
  });

  it('takes an odd count from the nearer side first', () => {
    const courses = category(10);
    expect(ids(relatedCourses(courses[4]!, courses, 3))).toEqual(['c-4', 'c-6', 'c-7']);
  });
});
