import { test } from './fixtures';
import { expectRelatedCourses } from './related-cards';
import { syntheticCourses } from './synthetic-catalogue';

/*
 * 'More in {category}' against the 300-course synthetic build (`npm run build:synthetic` →
 * out-synth/), whose categories are large: four other courses of the category on a course at
 * either end of it and one in its middle.
 */
const courses = syntheticCourses();

for (const category of new Set(courses.map((course) => course.category))) {
  test(`a course page in ${category} offers four other courses of it, never itself`, async ({ page }) => {
    test.slow(); // a page load for each course
    const ofCategory = courses.filter((course) => course.category === category);
    for (const course of [ofCategory[0]!, ofCategory[Math.floor(ofCategory.length / 2)]!, ofCategory.at(-1)!])
      await expectRelatedCourses(page, course, courses);
  });
}
