import {
  getCategories,
  getCourse,
  getCourses,
  getCoursesByCategory,
  getInstructor,
  getInstructorCourses,
} from './catalogue';
import {
  absoluteUrl,
  categoryJsonLd,
  categoryListingTitle,
  categoryMetadata,
  courseJsonLd,
  courseMetadata,
  schemaPrice,
  defaultTitle,
  instructorJsonLd,
  instructorMetadata,
  isoMonth,
  ogImagePath,
  pageMetadata,
  reviewsMetadata,
  serializeJsonLd,
  sitemapEntries,
} from './seo';
import type { Course, Review } from '../types';

function course(id: string): Course {
  const found = getCourse(id);
  if (!found) throw new Error(`no course ${id}`);
  return found;
}

/** Loads lib/server/seo.ts afresh with the given build-time environment. */
function seoWith(env: { SITE_URL?: string; NEXT_PUBLIC_BASE_PATH?: string }): typeof import('./seo') {
  const saved = { SITE_URL: process.env.SITE_URL, NEXT_PUBLIC_BASE_PATH: process.env.NEXT_PUBLIC_BASE_PATH };
  let loaded: typeof import('./seo') | undefined;
  try {
    Object.assign(process.env, env);
    jest.isolateModules(() => {
      loaded = jest.requireActual<typeof import('./seo')>('./seo');
    });
  } finally {
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  }
  if (!loaded) throw new Error('lib/seo did not load');
  return loaded;
}

describe('absoluteUrl', () => {
  it('joins the default origin and a route', () => {
    expect(absoluteUrl('/courses/py-101/')).toBe('http://localhost:3000/courses/py-101/');
    expect(absoluteUrl('/')).toBe('http://localhost:3000/');
  });

  it('takes the origin from SITE_URL, without its trailing slash, and adds BASE_PATH', () => {
    const seo = seoWith({ SITE_URL: 'https://example.github.io/', NEXT_PUBLIC_BASE_PATH: '/storefront' });
    expect(seo.absoluteUrl('/cart/')).toBe('https://example.github.io/storefront/cart/');
    expect(seo.absoluteUrl('/')).toBe('https://example.github.io/storefront/');
  });
});

describe('pageMetadata', () => {
  const metadata = pageMetadata({
    title: 'Python courses',
    description: 'Python video courses.',
    path: '/category/python/',
  });

  it('sets the title, description and an absolute canonical URL', () => {
    expect(metadata.title).toBe('Python courses');
    expect(metadata.description).toBe('Python video courses.');
    expect(metadata.alternates?.canonical).toBe('http://localhost:3000/category/python/');
  });

  it('sets a complete Open Graph block with the default 1200×630 PNG', () => {
    expect(metadata.openGraph).toMatchObject({
      type: 'website',
      siteName: 'Coursely',
      url: 'http://localhost:3000/category/python/',
      title: 'Python courses',
      description: 'Python video courses.',
      images: [{ url: 'http://localhost:3000/og/default.jpg', width: 1200, height: 630, type: 'image/jpeg' }],
    });
  });

  it('sets a large-image Twitter card with the same image', () => {
    expect(metadata.twitter).toMatchObject({
      card: 'summary_large_image',
      title: 'Python courses',
      images: [{ url: 'http://localhost:3000/og/default.jpg' }],
    });
  });

  it('leaves the home page its default title and shares that title', () => {
    const home = pageMetadata({ description: 'Courses.', path: '/' });
    expect(home).not.toHaveProperty('title');
    expect(home.openGraph?.title).toBe(defaultTitle);
    expect(home.alternates?.canonical).toBe('http://localhost:3000/');
  });

  it('includes the base path in the canonical and image URLs of a sub-path build', () => {
    const seo = seoWith({ SITE_URL: 'https://example.com', NEXT_PUBLIC_BASE_PATH: '/storefront' });
    const sub = seo.pageMetadata({ title: 'Cart', description: 'Cart.', path: '/cart/' });
    expect(sub.alternates?.canonical).toBe('https://example.com/storefront/cart/');
    expect(sub.openGraph).toMatchObject({
      url: 'https://example.com/storefront/cart/',
      images: [{ url: 'https://example.com/storefront/og/default.jpg' }],
    });
  });
});

describe('courseMetadata', () => {
  it('uses the course name, its description and its own og:image', () => {
    const py101 = course('py-101');
    const metadata = courseMetadata(py101);
    expect(metadata.title).toBe(py101.course_name);
    expect(metadata.description).toBe(py101.description);
    expect(metadata.alternates?.canonical).toBe('http://localhost:3000/courses/py-101/');
    expect(metadata.openGraph).toMatchObject({
      type: 'article',
      images: [{ url: 'http://localhost:3000/og/py-101.jpg' }],
    });
  });
});

describe('courseJsonLd', () => {
  /** `count` written reviews of py-101, newest first. */
  const written = (count: number): Review[] =>
    Array.from({ length: count }, (_, index) => ({
      course: 'py-101',
      author: `Student ${index + 1}`,
      rating: 5 - (index % 5),
      date: `2026-08-${String(28 - index).padStart(2, '0')}`,
      text: `Review ${index + 1}.`,
    }));
  const py101 = course('py-101');
  const data = courseJsonLd(py101);

  it('describes a Course with an Offer at the sale price in USD', () => {
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Course',
      name: py101.course_name,
      description: py101.description,
      url: 'http://localhost:3000/courses/py-101/',
      offers: { '@type': 'Offer', price: '12.99', priceCurrency: 'USD', category: 'Paid' },
    });
  });

  it('names the site as the provider and the instructor as the creator', () => {
    expect(data.provider).toEqual({ '@type': 'Organization', name: 'Coursely', url: 'http://localhost:3000/' });
    expect(data.creator).toEqual({ '@type': 'Person', name: py101.creator });
  });

  it('writes prices with two decimals', () => {
    expect(courseJsonLd({ ...py101, discounted_price: 19.9 }).offers).toMatchObject({ price: '19.90' });
    expect(courseJsonLd({ ...py101, discounted_price: 5 }).offers).toMatchObject({ price: '5.00' });
  });

  it("offers the course in the shop's currency, its price with that currency's decimals", () => {
    expect(courseJsonLd(py101).offers).toMatchObject({ priceCurrency: 'USD' });
    expect(schemaPrice(1200, 0)).toBe('1200');
    expect(schemaPrice(1250, 3)).toBe('1.250');
    expect(schemaPrice(5, 3)).toBe('0.005');
    expect(schemaPrice(123456, 2)).toBe('1234.56');
  });

  it('rates a course that shows its feedback: the average, the ratings and the written reviews', () => {
    const rated = {
      ...py101,
      rating_star: 4.6,
      rating_count: 1200,
      rating_breakdown: [900, 200, 60, 25, 15] as Course['rating_breakdown'],
    };
    expect(courseJsonLd(rated, written(3)).aggregateRating).toEqual({
      '@type': 'AggregateRating',
      ratingValue: 4.6,
      ratingCount: 1200,
      reviewCount: 3,
    });
    // A breakdown without written reviews: no reviewCount.
    expect(courseJsonLd(rated).aggregateRating).toEqual({
      '@type': 'AggregateRating',
      ratingValue: 4.6,
      ratingCount: 1200,
    });
    // Written reviews without a breakdown, more of them than the catalogue's count of ratings.
    const few = { ...py101, rating_count: 2, rating_breakdown: undefined };
    expect(courseJsonLd(few, written(5)).aggregateRating).toMatchObject({ ratingCount: 5, reviewCount: 5 });
  });

  it("carries the newest five written reviews as students' Reviews: author, date, stars and text", () => {
    const data = courseJsonLd(py101, written(7));
    const reviews = data.review as Record<string, unknown>[];
    expect(reviews).toHaveLength(5);
    expect(reviews[0]).toEqual({
      '@type': 'Review',
      author: { '@type': 'Person', name: 'Student 1' },
      datePublished: '2026-08-28',
      reviewRating: { '@type': 'Rating', ratingValue: 5 },
      reviewBody: 'Review 1.',
    });
    expect(reviews.map((review) => (review.author as { name: string }).name)).toEqual([
      'Student 1',
      'Student 2',
      'Student 3',
      'Student 4',
      'Student 5',
    ]);
    // Each is one student's, never the shop reviewing itself (Google's rule for Review snippets).
    expect(reviews.every((review) => (review.author as { '@type': string })['@type'] === 'Person')).toBe(true);
    expect(data.aggregateRating).toMatchObject({ reviewCount: 7 });
    expect(courseJsonLd(py101, written(2)).review).toHaveLength(2);
    expect(courseJsonLd(py101).review).toBeUndefined();
  });

  it('does not rate a course with neither a breakdown nor a written review', () => {
    const bare = courseJsonLd({ ...py101, rating_breakdown: undefined });
    expect(JSON.stringify(bare)).not.toMatch(/aggregateRating|ratingValue/i);
  });

  it('has an online course instance whose workload is the sum of its lectures, as ISO 8601', () => {
    const minutes = py101.content.reduce(
      (sum, section) => sum + (typeof section === 'string' ? 0 : section.lectures.reduce((s, l) => s + l.minutes, 0)),
      0,
    );
    expect(data.hasCourseInstance).toEqual({
      '@type': 'CourseInstance',
      courseMode: 'online',
      courseWorkload: `PT${Math.floor(minutes / 60)}H${minutes % 60}M`,
      instructor: { '@type': 'Person', name: py101.creator },
    });
    expect(data.hasCourseInstance).toMatchObject({ courseWorkload: 'PT5H44M' });
  });

  it('gives the level and the teaching language where known', () => {
    expect(data).toMatchObject({ educationalLevel: 'Beginner', inLanguage: 'en' });
    expect(courseJsonLd({ ...py101, lang: 'Portuguese' })).toMatchObject({ inLanguage: 'pt' });
    const unknown = courseJsonLd({ ...py101, lang: ['Klingon'], level: undefined });
    expect(unknown).not.toHaveProperty('inLanguage');
    expect(unknown).not.toHaveProperty('educationalLevel');
  });

  it('leaves the workload out when a section gives only its title, but keeps the online instance', () => {
    const titlesOnly = courseJsonLd({ ...py101, content: ['Getting Set Up', 'Functions'] });
    expect(titlesOnly.hasCourseInstance).toEqual({
      '@type': 'CourseInstance',
      courseMode: 'online',
      instructor: { '@type': 'Person', name: py101.creator },
    });
  });
});

describe('categoryJsonLd', () => {
  it('lists the courses of a category in order, with absolute URLs', () => {
    const courses = getCoursesByCategory('web development');
    const data = categoryJsonLd('web development', courses);
    expect(data).toMatchObject({
      '@type': 'ItemList',
      name: 'Web Development courses',
      url: 'http://localhost:3000/category/web%20development/',
      numberOfItems: courses.length,
    });
    expect(data.itemListElement).toEqual(
      courses.map((item, index) => ({
        '@type': 'ListItem',
        position: index + 1,
        url: `http://localhost:3000/courses/${item.id}/`,
        name: item.course_name,
      })),
    );
  });

  it('describes one page of a listing: its own URL, its cards, positions running on from earlier pages', () => {
    const courses = getCoursesByCategory('python').slice(0, 2);
    const data = categoryJsonLd('python', courses, { view: { sort: 'newest', page: 3 }, offset: 48 });
    expect(data).toMatchObject({
      name: 'Python courses (Newest, page 3)',
      url: 'http://localhost:3000/category/python/sort/newest/page/3/',
      numberOfItems: 2,
    });
    expect((data.itemListElement as { position: number }[]).map((item) => item.position)).toEqual([49, 50]);
  });
});

describe('category listing metadata', () => {
  it('titles each page, and each order other than the default', () => {
    expect(categoryListingTitle('python', { sort: 'relevance', page: 1 })).toBe('Python courses');
    expect(categoryListingTitle('python', { sort: 'relevance', page: 2 })).toBe('Python courses (page 2)');
    expect(categoryListingTitle('aws', { sort: 'price-asc', page: 1 })).toBe('AWS courses (Price: low to high)');
    expect(categoryListingTitle('aws', { sort: 'rating', page: 4 })).toBe('AWS courses (Highest rated, page 4)');
  });

  it('gives every page of the default order its own canonical URL, indexable', () => {
    const metadata = categoryMetadata('python', { sort: 'relevance', page: 2 });
    expect(metadata.title).toBe('Python courses (page 2)');
    expect(metadata.alternates?.canonical).toBe('http://localhost:3000/category/python/page/2/');
    expect(metadata.openGraph).toMatchObject({ url: 'http://localhost:3000/category/python/page/2/' });
    expect(metadata.robots).toBeUndefined();
  });

  it('keeps sorted pages out of the index but lets crawlers follow their links', () => {
    const metadata = categoryMetadata('python', { sort: 'newest', page: 1 });
    expect(metadata.robots).toEqual({ index: false, follow: true });
    expect(metadata.alternates?.canonical).toBe('http://localhost:3000/category/python/sort/newest/');
  });
});

describe('reviewsMetadata', () => {
  it("titles each page of a course's reviews, gives it its own canonical URL and keeps it out of the index", () => {
    const python = course('py-101');
    const first = reviewsMetadata(python, 6, 1);
    expect(first.title).toBe(`Reviews of ${python.course_name}`);
    expect(first.alternates?.canonical).toBe('http://localhost:3000/courses/py-101/reviews/');
    expect(first.robots).toEqual({ index: false, follow: true });
    expect(first.description).toContain('6 written reviews');
    const second = reviewsMetadata(python, 120, 2);
    expect(second.title).toBe(`Reviews of ${python.course_name} (page 2)`);
    expect(second.alternates?.canonical).toBe('http://localhost:3000/courses/py-101/reviews/2/');
    const fours = reviewsMetadata(python, 61, 2, 4);
    expect(fours.title).toBe(`Reviews of ${python.course_name}: 4 stars (page 2)`);
    expect(fours.description).toContain('61 4-star written reviews');
    expect(fours.alternates?.canonical).toBe('http://localhost:3000/courses/py-101/reviews/stars-4/2/');
    expect(reviewsMetadata(python, 1, 1, 1).title).toBe(`Reviews of ${python.course_name}: 1 star`);
  });

  it('leaves the reviews pages out of the sitemap', () => {
    expect(sitemapEntries().filter((entry) => entry.url.includes('/reviews/'))).toEqual([]);
  });
});

describe('sitemapEntries', () => {
  const urls = sitemapEntries().map((entry) => entry.url);

  it('lists home, every category and every course, once each', () => {
    expect(urls[0]).toBe('http://localhost:3000/');
    for (const category of getCategories()) {
      expect(urls).toContain(`http://localhost:3000/category/${encodeURIComponent(category)}/`);
    }
    for (const item of getCourses()) expect(urls).toContain(`http://localhost:3000/courses/${item.id}/`);
    expect(new Set(urls).size).toBe(urls.length);
  });

  it('leaves out the cart, search and sorted listings', () => {
    expect(urls.filter((url) => /\/(cart|search)\/|\/sort\//.test(url))).toEqual([]);
  });

  // The spec's fixture: 22 courses in 6 categories of at most 24, so one page each.
  it('has 1 + 6 + 22 + 22 URLs for the shipped catalogue: home, categories, courses, and one page per instructor', () => {
    expect(urls).toHaveLength(1 + 6 + 22 + 22);
  });

  it("lists every instructor's page, each once", () => {
    const instructors = urls.filter((url) => url.includes('/instructors/'));
    expect(new Set(instructors).size).toBe(22);
    expect(instructors).toContain('http://localhost:3000/instructors/maya-lindqvist/');
  });
});

describe('instructor pages', () => {
  const maya = getInstructor('maya-lindqvist')!;

  it('give each page its own title and canonical URL, and describe the instructor by their headline', () => {
    const first = instructorMetadata(maya, 1);
    expect(first.title).toBe('Maya Lindqvist');
    expect(first.alternates?.canonical).toBe('http://localhost:3000/instructors/maya-lindqvist/');
    expect(first.description).toContain(maya.headline!);
    const second = instructorMetadata(maya, 2);
    expect(second.title).toBe('Maya Lindqvist (page 2)');
    expect(second.alternates?.canonical).toBe('http://localhost:3000/instructors/maya-lindqvist/page/2/');
  });

  it('carry a schema.org Person with the headline, the bio and the courses of the page', () => {
    const courses = getInstructorCourses('maya-lindqvist');
    expect(instructorJsonLd(maya, courses, 1)).toMatchObject({
      '@type': 'Person',
      name: 'Maya Lindqvist',
      url: 'http://localhost:3000/instructors/maya-lindqvist/',
      jobTitle: maya.headline,
      description: maya.bio[0],
      owns: courses.map((course) => ({ '@type': 'Course', name: course.course_name })),
    });
  });

  it('say nothing they do not know of an instructor without a record', () => {
    const bare = { name: 'New Teacher', slug: 'new-teacher', bio: [] };
    const data = instructorJsonLd(bare, [], 1);
    expect(data).not.toHaveProperty('jobTitle');
    expect(data).not.toHaveProperty('description');
    expect(data).not.toHaveProperty('owns');
    expect(instructorMetadata(bare, 1).description).toBe(
      "New Teacher's video courses on Coursely: ratings, students and prices.",
    );
  });
});

describe('serializeJsonLd', () => {
  const tricky = {
    '@context': 'https://schema.org',
    '@type': 'Thing',
    name: '</script><script>alert(1)</script> & more',
  } as const;

  it('escapes "<" so that a value cannot close the script element', () => {
    const json = serializeJsonLd(tricky);
    expect(json).not.toContain('<');
    expect(json).toContain('\\u003c/script\\u003e');
  });

  it('still parses back to the same data', () => {
    expect(JSON.parse(serializeJsonLd(tricky))).toEqual(tricky);
  });
});

describe('helpers', () => {
  it('names the og:image of a course and the default one', () => {
    expect(ogImagePath('py-101')).toBe('/og/py-101.jpg');
    expect(ogImagePath()).toBe('/og/default.jpg');
  });

  it('turns the catalogue month into an ISO month', () => {
    expect(isoMonth('08/2026')).toBe('2026-08');
    expect(isoMonth('August 2026')).toBeUndefined();
  });
});
