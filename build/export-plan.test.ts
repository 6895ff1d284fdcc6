/** @jest-environment node */
import { getCategories, getCourse, getCourses, getSortRanks } from '@/lib/server/catalogue';
import { IMAGE_WIDTHS } from '@/config/image-variants.mjs';
import { SORT_OPTIONS, sortCourses } from '@/lib/sort';
import type { Course } from '@/lib/types';
import {
  BANNER_IMAGE,
  exportPlan,
  filterIndexes,
  filterRecord,
  plannedImages,
  searchCard,
  searchPage,
} from './export-plan';
import { ogPreviews } from './og-previews';

const py101 = getCourse('py-101') as Course;

/** The card a filter record carries in its URL's fragment. */
const cardOf = (url: string): unknown => JSON.parse(decodeURIComponent(url.slice(url.indexOf('#') + 1)));

describe("a course's filter record", () => {
  it('carries what its page used to: its card in the fragment, its category and filter values, its place in each order', () => {
    // py-101's record as the search step read it from the page's hidden elements and data-search-* attributes.
    expect(filterRecord(py101)).toEqual({
      url: expect.stringMatching(/^\/courses\/py-101\/#/),
      content: 'course',
      language: 'zz',
      meta: {},
      filters: {
        category: ['python'],
        rating: ['4.5', '4.0', '3.5'],
        lang: ['English', 'Spanish'],
        price: ['10-15'],
        level: ['Beginner'],
        length: ['3-6'],
      },
      // Its places among the python courses (each category's index ranks its own).
      sort: { relevance: 0, popular: 0, rating: 1, newest: 1, 'price-asc': 3, 'price-desc': 1 },
    });
    expect(filterRecord(py101).url).toBe(
      '/courses/py-101/#' +
        encodeURIComponent(
          JSON.stringify({
            id: 'py-101',
            image: '/images/courses/py-101.svg',
            rating_star: '4.7',
            rating_count: '48210',
            actual_price: '84.99',
            discounted_price: '12.99',
            facts: '5.5 hours · 37 lectures · Beginner',
            title: 'Python for Absolute Beginners: Zero to Confident Coder',
            creator: 'Maya Lindqvist',
          }),
        ),
    );
  });

  it('leaves out the groups a course has no value for, and the facts line when there is nothing to say', () => {
    const plain: Course = { ...py101, level: undefined, content: ['Intro', 'Basics'] };
    expect(Object.keys(filterRecord(plain).filters)).toEqual(['category', 'rating', 'lang', 'price']);
    expect(cardOf(filterRecord(plain).url)).not.toHaveProperty('facts');
  });

  it("gives the name and creator as the page showed them, and every card number as text, as search's cards read them", () => {
    const card = searchCard({ ...py101, course_name: '  Spaced Out  ', creator: 'Ann Lee ' });
    expect(card).toEqual(expect.objectContaining({ title: 'Spaced Out', creator: 'Ann Lee', rating_star: '4.7' }));
  });

  it("ranks courses in every sort order the listing offers, as the catalogue's ranks say", () => {
    for (const course of getCourses()) expect(filterRecord(course).sort).toEqual(getSortRanks(course.id));
    expect(Object.keys(filterRecord(py101).sort)).toEqual(SORT_OPTIONS.map(({ value }) => value));
  });

  // A category's index holds its own courses only: ranks of the whole catalogue would let one
  // python course's new price rewrite every category's files.
  it("ranks each course among its category's courses only, in the listing's order", () => {
    for (const category of getCategories()) {
      const courses = getCourses().filter((course) => course.category === category);
      for (const { value } of SORT_OPTIONS) {
        const byRank = [...courses].sort((a, b) => getSortRanks(a.id)[value] - getSortRanks(b.id)[value]);
        expect({ category, value, ids: byRank.map((course) => course.id) }).toEqual({
          category,
          value,
          ids: sortCourses(courses, value).map((course) => course.id),
        });
        expect(courses.map((course) => getSortRanks(course.id)[value]).sort((a, b) => a - b)).toEqual(
          courses.map((_, index) => index),
        );
      }
    }
  });
});

describe('filter indexes', () => {
  it('are one per category with courses, in category order, each holding its courses in catalogue order', () => {
    const indexes = filterIndexes();
    expect(indexes.map(({ category }) => category)).toEqual(
      getCategories().filter((category) => getCourses().some((course) => course.category === category)),
    );
    for (const { category, records } of indexes) {
      const ids = getCourses()
        .filter((course) => course.category === category)
        .map((course) => `/courses/${course.id}/#`);
      expect(records.map(({ url }) => url.slice(0, url.indexOf('#') + 1))).toEqual(ids);
    }
  });

  it('leave out a category without courses', () => {
    expect(filterIndexes([py101]).map(({ category }) => category)).toEqual(['python']);
  });
});

describe("a course's search page", () => {
  const { sourcePath, content } = searchPage(py101);

  it('is at the path of its page, which Pagefind turns into its URL', () => {
    expect(sourcePath).toBe('courses/py-101/index.html');
  });

  it('weighs the name 10 and the creator 5, and holds the category, description and learning points', () => {
    expect(content).toContain(`<h1 data-pagefind-weight="10">${py101.course_name}</h1>`);
    expect(content).toContain(`<span data-pagefind-weight="5" data-pagefind-meta="creator">${py101.creator}</span>`);
    expect(content).toContain('<a>Python</a>');
    expect(content).toContain(py101.description);
    for (const item of py101.what_you_will_learn) expect(content).toContain(`<li>${item}</li>`);
  });

  it('tags the card fields as metadata and every filter value', () => {
    expect(content).toContain('data-pagefind-meta="id[data-id], image[data-image], rating_star[data-rating_star]');
    expect(content).toContain('data-discounted_price="12.99"');
    expect(content).toContain('<span data-pagefind-filter="category:python"></span>');
    expect(content).toContain('<span data-pagefind-filter="lang:Spanish"></span>');
  });

  it("escapes the catalogue's text", () => {
    const hostile = searchPage({ ...py101, course_name: '<script>"x" & \'y\'</script>', creator: 'A "B"' }).content;
    expect(hostile).toContain(
      '<h1 data-pagefind-weight="10">&#60;script&#62;&#34;x&#34; &#38; &#39;y&#39;&#60;/script&#62;</h1>',
    );
    expect(hostile).not.toContain('<script>');
  });
});

describe('planned images', () => {
  it('plans a photo cover at every width of config/image-variants.mjs, in a 16:9 slot, naming its course', () => {
    const photo: Course = { ...py101, id: 'photo-1', image: '/images/synthetic/photo-1.jpg' };
    expect(plannedImages([photo])[0]).toEqual({
      source: '/images/synthetic/photo-1.jpg',
      widths: [...IMAGE_WIDTHS],
      aspect: 480 / 270,
      what: 'the cover of course "photo-1"',
      page: 'courses/photo-1/index.html',
    });
  });

  it('plans a file that several courses share once, naming them all', () => {
    const twin: Course = { ...py101, id: 'py-twin' };
    const covers = plannedImages([py101, twin]).filter(({ source }) => source === py101.image);
    expect(covers).toEqual([expect.objectContaining({ what: 'the cover of course "py-101", "py-twin"' })]);
  });

  it("plans every category's tile (4:3) and the home page banner (4:3)", () => {
    const images = plannedImages([py101]);
    expect(images.filter(({ what }) => what.startsWith('the tile of'))).toHaveLength(getCategories().length);
    expect(images).toContainEqual(expect.objectContaining({ ...BANNER_IMAGE, page: 'index.html' }));
    expect(images.find(({ what }) => what === 'the tile of category "python"')?.aspect).toBe(400 / 300);
  });
});

describe('the export plan', () => {
  it("covers the whole catalogue: a search page per course, every filter record, each course's link preview", () => {
    const plan = exportPlan();
    expect(plan.searchPages.map(({ sourcePath }) => sourcePath)).toEqual(
      getCourses().map((course) => `courses/${course.id}/index.html`),
    );
    expect(plan.filterIndexes.flatMap(({ records }) => records)).toHaveLength(getCourses().length);
    expect(plan.previews).toEqual(ogPreviews());
    expect(plan.images.map(({ source }) => source)).toEqual(
      expect.arrayContaining(getCourses().map(({ image }) => image)),
    );
  });
});
