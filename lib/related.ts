/**
 * The courses a course page offers under 'More in {category}': the course's neighbours in its
 * category, in catalogue order, nearest first on either side and wrapping round the ends (a
 * series' 'Part 3' shows parts 1, 2, 4 and 5), shown in catalogue order.
 *
 * Neighbours rather than the category's first courses: every course is offered on the pages of
 * its `count` neighbours and no others, so a visitor meets the whole category, not the same few
 * courses on every page, and a renamed course changes the HTML of `count` other course pages
 * instead of every page of its category (what a rebuild re-parses and re-indexes).
 *
 * @param siblings the courses of the course's category, in catalogue order, the course among them
 */
export function relatedCourses<T extends { id: string }>(course: T, siblings: readonly T[], count: number): T[] {
  const at = siblings.findIndex((other) => other.id === course.id);
  const size = siblings.length;
  const picked = new Set<number>();
  for (let step = 1; picked.size < Math.min(count, size - 1); step++) {
    for (const offset of [step, -step]) {
      const index = (((at + offset) % size) + size) % size;
      if (index !== at && picked.size < count) picked.add(index);
    }
  }
  return [...picked].sort((a, b) => a - b).map((index) => siblings[index] as T);
}
