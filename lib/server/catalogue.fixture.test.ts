import { countByStars } from '@/lib/reviews';
/** @jest-environment node */
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { summarizeCurriculum, toSections } from '../curriculum';
import { loadCatalogue } from '@/test/helpers/load-catalogue';

/*
 * THE SPEC'S FIXTURE: the 22-course catalogue the storefront ships with (SPEC §3, §9).
 *
 * These tests pin one data set, data/courses.json and data/categories.json as shipped, not
 * rules: a shop that adds, removes or reprices a course updates the figures below. The rules
 * every catalogue meets are in lib/schema.ts (tested in schema.test.ts and catalogue.test.ts).
 */

const EXPECTED_IDS = [
  'py-101',
  'py-102',
  'py-201',
  'py-202',
  'py-301',
  'web-101',
  'web-102',
  'web-201',
  'web-202',
  'web-301',
  'ds-101',
  'ds-102',
  'ds-201',
  'ds-202',
  'ds-301',
  'aws-101',
  'aws-201',
  'aws-301',
  'des-101',
  'des-201',
  'mkt-101',
  'mkt-102',
];

/** SPEC §3: python 5, web development 5, data science 5, aws 3, design 2, marketing 2. */
const EXPECTED_COUNTS: [string, number][] = [
  ['python', 5],
  ['web development', 5],
  ['data science', 5],
  ['aws', 3],
  ['design', 2],
  ['marketing', 2],
];

/** SPEC §9's category order, with the labels and tile images the site shows. */
const EXPECTED_CATEGORIES = [
  { name: 'python', label: 'Python', image: '/images/categories/python.svg' },
  { name: 'web development', label: 'Web Development', image: '/images/categories/web-development.svg' },
  { name: 'data science', label: 'Data Science', image: '/images/categories/data-science.svg' },
  { name: 'aws', label: 'AWS', image: '/images/categories/aws.svg' },
  { name: 'design', label: 'Design', image: '/images/categories/design.svg' },
  { name: 'marketing', label: 'Marketing', image: '/images/categories/marketing.svg' },
];

/** Every course's section titles, as the spec's catalogue has them, in order. */
const EXPECTED_SECTION_TITLES: Record<string, string[]> = {
  'py-101': [
    'Getting Set Up',
    'Variables and Basic Types',
    'Making Decisions',
    'Loops and Iteration',
    'Functions',
    'Collections in Depth',
    'Files and Exceptions',
    'Final Project: A Command-Line Budget Tracker',
  ],
  'py-102': [
    'Why Automate?',
    'Working with Files and Folders',
    'Spreadsheets Without the Clicking',
    'Talking to Web APIs',
    'Email and Notifications',
    'Scheduling and Logging',
    'Capstone: A Nightly Reporting Pipeline',
  ],
  'py-201': [
    'From Functions to Objects',
    'Classes and Instances',
    'Inheritance and Composition',
    'Dataclasses and Special Methods',
    'Testing with pytest',
    'Refactoring a Growing Codebase',
  ],
  'py-202': [
    'How the Web Delivers a Page',
    'Requests and HTML Parsing',
    'Navigating Pagination',
    'Dynamic Sites with Playwright',
    'Storing Your Data',
    'Scraping Ethically',
  ],
  'py-301': [
    'Concurrency vs. Parallelism',
    'Inside the Event Loop',
    'Coroutines, Tasks and Futures',
    'Async HTTP Clients',
    'Timeouts and Cancellation',
    'Queues and Producer-Consumer Patterns',
    'Testing Async Code',
  ],
  'web-101': [
    'How the Web Works',
    'HTML Foundations',
    'CSS Styling and the Box Model',
    'Responsive Layouts',
    'JavaScript Essentials',
    'The DOM and Events',
    'Working with APIs',
    'Deploying Your Portfolio',
  ],
  'web-102': [
    'Layout Before Flexbox',
    'Flexbox Fundamentals',
    'Grid Fundamentals',
    'Intrinsic and Fluid Sizing',
    'Real-World Layout Recipes',
  ],
  'web-201': [
    'Why React?',
    'Components and JSX',
    'State and Events',
    'Effects and Data Fetching',
    'Context and Reducers',
    'Forms',
    'Testing Components',
  ],
  'web-202': [
    'Why Types?',
    'Basic Types and Inference',
    'Objects, Interfaces and Type Aliases',
    'Unions and Narrowing',
    'Generics',
    'Configuring the Compiler',
    'Migrating a Real Project',
  ],
  'web-301': [
    'Node.js and the Request Cycle',
    'Routing and Middleware',
    'Validation and Errors',
    'Persisting Data',
    'Authentication',
    'Testing the API',
  ],
  'ds-101': [
    'Meet the DataFrame',
    'Selecting and Filtering',
    'Cleaning Messy Data',
    'Grouping and Aggregation',
    'Merging and Reshaping',
    'Time Series Basics',
    'Case Study: City Bike Trips',
  ],
  'ds-102': [
    'Describing Data',
    'Probability Through Simulation',
    'Distributions',
    'Sampling and Estimation',
    'Hypothesis Testing',
    'Correlation and Regression',
  ],
  'ds-201': [
    'The Machine Learning Workflow',
    'Preparing Features',
    'Regression Models',
    'Classification Models',
    'Model Evaluation',
    'Trees and Ensembles',
    'Hyperparameter Tuning',
    'Explaining Predictions',
  ],
  'ds-202': [
    'Principles of Visual Perception',
    'Matplotlib Building Blocks',
    'Statistical Plots with Seaborn',
    'Colour and Annotation',
    'Telling a Story with a Dashboard',
  ],
  'ds-301': [
    'Relational Databases in Plain Words',
    'SELECT, WHERE and ORDER BY',
    'Aggregation and GROUP BY',
    'Joins',
    'Subqueries and CTEs',
    'Window Functions',
    'Analytics Case Study',
  ],
  'aws-101': [
    'Cloud Concepts',
    'Global Infrastructure',
    'Compute and Storage',
    'Databases and Networking',
    'Security and Compliance',
    'Billing and Pricing',
    'Practice Exams',
  ],
  'aws-201': [
    'What Serverless Really Means',
    'Lambda Fundamentals',
    'HTTP APIs with API Gateway',
    'Data Modelling in DynamoDB',
    'Events and Queues',
    'Observability',
    'Deployment Pipelines',
  ],
  'aws-301': [
    'Why Infrastructure as Code',
    'Terraform Basics',
    'Networking with VPCs',
    'State and Workspaces',
    'Writing Modules',
    'CI/CD for Infrastructure',
  ],
  'des-101': [
    'Seeing Like a Designer',
    'Typography',
    'Colour Theory',
    'Layout and Grids',
    'Images and Icons',
    'Putting It Together: A Poster Series',
  ],
  'des-201': [
    'The UX Process',
    'Research and User Flows',
    'Wireframing',
    'Figma Essentials',
    'Components and Design Systems',
    'Prototyping and Testing',
    'Developer Hand-off',
  ],
  'mkt-101': [
    'Marketing Foundations',
    'Search Engine Optimisation',
    'Email Marketing',
    'Social Media Strategy',
    'Paid Advertising Basics',
    'Analytics and Reporting',
  ],
  'mkt-102': ['What Good Copy Does', 'Know Your Reader', 'Headlines', 'Landing Pages', 'Ads and Short Copy'],
};

/** Each course's level, and its lecture count and minutes summed from its lectures. */
const EXPECTED_CURRICULA: [id: string, level: string, lectures: number, minutes: number][] = [
  ['py-101', 'Beginner', 37, 344],
  ['py-102', 'Beginner', 39, 462],
  ['py-201', 'Intermediate', 34, 375],
  ['py-202', 'Intermediate', 31, 320],
  ['py-301', 'Advanced', 33, 387],
  ['web-101', 'Beginner', 40, 421],
  ['web-102', 'Beginner', 30, 353],
  ['web-201', 'Intermediate', 32, 323],
  ['web-202', 'Intermediate', 36, 445],
  ['web-301', 'Advanced', 30, 355],
  ['ds-101', 'Beginner', 36, 411],
  ['ds-102', 'Beginner', 30, 322],
  ['ds-201', 'Intermediate', 45, 466],
  ['ds-202', 'Intermediate', 24, 254],
  ['ds-301', 'Advanced', 38, 445],
  ['aws-101', 'All levels', 39, 424],
  ['aws-201', 'Intermediate', 27, 301],
  ['aws-301', 'Advanced', 31, 330],
  ['des-101', 'Beginner', 24, 230],
  ['des-201', 'Intermediate', 32, 359],
  ['mkt-101', 'All levels', 33, 334],
  ['mkt-102', 'Beginner', 21, 217],
];

/** The shipped catalogue's one preview (made by scripts/tools/make-preview.sh). */
const PY_101_PREVIEW = {
  video: '/videos/py-101.mp4',
  poster: '/videos/py-101-poster.jpg',
  captions: [{ lang: 'en', label: 'English', src: '/videos/py-101.en.vtt' }],
};

/** The shipped files, whatever CATALOGUE the test run was started with. */
const catalogue = loadCatalogue(undefined);
const courses = catalogue.getCourses();

describe('the spec’s 22-course fixture', () => {
  it('holds the 22 known courses, in this order', () => {
    expect(courses.map((course) => course.id)).toEqual(EXPECTED_IDS);
  });

  it.each(EXPECTED_COUNTS)('has the spec’s number of %s courses', (category, count) => {
    expect(catalogue.getCoursesByCategory(category)).toHaveLength(count);
  });

  it('has the six categories in the spec’s order, with their labels and tiles', () => {
    expect(
      catalogue.getCategories().map((name) => ({
        name,
        label: catalogue.getCategoryLabel(name),
        image: catalogue.getCategoryImage(name),
      })),
    ).toEqual(EXPECTED_CATEGORIES);
  });

  it('runs discounted prices from 5.99 to 19.99 and actual prices from 13.99 to 90.99', () => {
    const discounted = courses.map((course) => course.discounted_price);
    const actual = courses.map((course) => course.actual_price);
    expect([Math.min(...discounted), Math.max(...discounted)]).toEqual([5.99, 19.99]);
    expect([Math.min(...actual), Math.max(...actual)]).toEqual([13.99, 90.99]);
  });

  it('discounts every course (sale price strictly under the list price)', () => {
    for (const course of courses) expect(course.discounted_price).toBeLessThan(course.actual_price);
  });

  it('names each cover after its course id', () => {
    for (const course of courses) expect(course.image).toBe(`/images/courses/${course.id}.svg`);
  });

  it('lists 3–6 learning points and 5–8 content sections per course', () => {
    for (const course of courses) {
      expect(course.what_you_will_learn.length).toBeGreaterThanOrEqual(3);
      expect(course.what_you_will_learn.length).toBeLessThanOrEqual(6);
      expect(course.content.length).toBeGreaterThanOrEqual(5);
      expect(course.content.length).toBeLessThanOrEqual(8);
    }
  });

  it('breaks down every course’s ratings by stars (made by scripts/tools/rating-breakdown.mjs)', () => {
    for (const course of courses) expect(course.rating_breakdown).toHaveLength(5);
    expect(catalogue.getCourse('py-101')?.rating_breakdown).toEqual([37064, 8567, 1981, 458, 140]);
  });

  it('has more students than ratings on every course', () => {
    for (const course of courses) {
      expect(course.rating_count).toBeGreaterThan(0);
      expect(course.students).toBeGreaterThan(course.rating_count);
    }
  });

  it('uses both forms of lang (a single string and a list)', () => {
    expect(courses.some((course) => typeof course.lang === 'string')).toBe(true);
    expect(courses.some((course) => Array.isArray(course.lang))).toBe(true);
  });

  it('has py-101 as the first python course, as the spec’s example message names it', () => {
    expect(catalogue.getCourse('py-101')).toMatchObject({ category: 'python', rating_star: 4.7 });
    expect(catalogue.getCoursesByCategory('python')[0]?.id).toBe('py-101');
  });

  it('keeps every course’s section titles, each section now with its lectures', () => {
    expect(
      Object.fromEntries(courses.map((course) => [course.id, toSections(course.content).map((s) => s.title)])),
    ).toEqual(EXPECTED_SECTION_TITLES);
    for (const course of courses) {
      for (const section of toSections(course.content)) expect(section.lectures?.length).toBeGreaterThanOrEqual(2);
    }
  });

  it('gives every course a level and a curriculum of known length', () => {
    expect(
      courses.map((course) => {
        const summary = summarizeCurriculum(course.content);
        return [course.id, course.level, summary?.lectures, summary?.minutes];
      }),
    ).toEqual(EXPECTED_CURRICULA);
  });

  it('offers free-preview lectures in the first section of every course', () => {
    for (const course of courses) {
      expect(toSections(course.content)[0]?.lectures?.some((lecture) => lecture.preview)).toBe(true);
    }
  });

  it('ships one preview, py-101’s, captioned, its files under 1 MB together', () => {
    expect(courses.filter((course) => course.preview).map((course) => course.id)).toEqual(['py-101']);
    const preview = catalogue.getCourse('py-101')?.preview;
    expect(preview).toEqual(PY_101_PREVIEW);
    const files = [PY_101_PREVIEW.video, PY_101_PREVIEW.poster, ...PY_101_PREVIEW.captions.map((track) => track.src)];
    const bytes = files.reduce((sum, file) => sum + statSync(path.join(process.cwd(), 'public', file)).size, 0);
    expect(bytes).toBeLessThan(1024 * 1024);
  });

  it('captions py-101’s preview in WebVTT', () => {
    const vtt = readFileSync(path.join(process.cwd(), 'public', PY_101_PREVIEW.captions[0]!.src), 'utf8');
    expect(vtt.startsWith('WEBVTT')).toBe(true);
    expect(vtt).toContain('In this preview, we write our first function.');
  });
});

describe('the shipped instructors and reviews (data/instructors.json, data/reviews.json)', () => {
  const creators = [...new Set(courses.map((course) => course.creator))];

  it('gives each of the 22 creators a page, a headline and a bio of 1–3 paragraphs', () => {
    const instructors = catalogue.getInstructors();
    expect(instructors.map(({ name }) => name)).toEqual(creators);
    expect(creators).toHaveLength(22);
    for (const instructor of instructors) {
      expect(instructor.headline).toBeTruthy();
      expect(instructor.bio.length).toBeGreaterThanOrEqual(1);
      expect(instructor.bio.length).toBeLessThanOrEqual(3);
    }
    expect(catalogue.getInstructor('liam-oconnell')?.name).toBe("Liam O'Connell");
    expect(catalogue.getInstructor('chloe-dubois')?.name).toBe('Chloé Dubois');
  });

  it('has 2–8 written reviews on most courses, some of them critical, none later than 2026-11-25', () => {
    const reviewed = courses.filter((course) => catalogue.getReviews(course.id).length > 0);
    expect(reviewed.length).toBeGreaterThanOrEqual(17);
    for (const course of reviewed) {
      const reviews = catalogue.getReviews(course.id);
      expect(reviews.length).toBeGreaterThanOrEqual(2);
      expect(reviews.length).toBeLessThanOrEqual(8);
      for (const review of reviews) expect(review.date <= '2026-11-25' && review.date >= '2025-05-25').toBe(true);
    }
    const ratings = reviewed.flatMap((course) => catalogue.getReviews(course.id).map(({ rating }) => rating));
    expect(ratings.filter((rating) => rating <= 3).length).toBeGreaterThanOrEqual(10);
  });

  it('lists py-101’s reviews newest first', () => {
    const dates = catalogue.getReviews('py-101').map(({ date }) => date);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(countByStars(catalogue.getReviews('py-101'))).toEqual([4, 1, 1, 0, 0]);
  });
});
