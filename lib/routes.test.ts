/** @jest-environment node */
import {
  categoryHref,
  categoryListingHref,
  isDocumentOnlyRoute,
  listingSegments,
  parseListingSegments,
  payloadUrl,
  reviewsHref,
  starReviewsHref,
  type ListingView,
} from './routes';
import { REVIEWS_PER_PAGE } from './reviews';
import { SORT_OPTIONS } from './sort';

describe('categoryListingHref', () => {
  it('gives the default order’s first page the plain category URL', () => {
    expect(categoryListingHref('python', {})).toBe('/category/python/');
    expect(categoryListingHref('python', { sort: 'relevance', page: 1 })).toBe(categoryHref('python'));
  });

  it('puts later pages under page/{n}/ and other orders under sort/{key}/', () => {
    expect(categoryListingHref('python', { page: 2 })).toBe('/category/python/page/2/');
    expect(categoryListingHref('python', { sort: 'price-asc' })).toBe('/category/python/sort/price-asc/');
    expect(categoryListingHref('python', { sort: 'newest', page: 5 })).toBe('/category/python/sort/newest/page/5/');
  });

  it('percent-encodes the category', () => {
    expect(categoryListingHref('web development', { page: 3 })).toBe('/category/web%20development/page/3/');
  });
});

describe('parseListingSegments', () => {
  it('reads every view back from its own segments', () => {
    for (const { value: sort } of SORT_OPTIONS) {
      for (const page of [1, 2, 17]) {
        const view: ListingView = { sort, page };
        expect(parseListingSegments(listingSegments(view))).toEqual(view);
      }
    }
  });

  it('reads no segments (the plain category URL) as page 1 of the default order', () => {
    expect(parseListingSegments(undefined)).toEqual({ sort: 'relevance', page: 1 });
    expect(parseListingSegments([])).toEqual({ sort: 'relevance', page: 1 });
  });

  it('refuses second spellings of a view, so each has one URL', () => {
    expect(parseListingSegments(['page', '1'])).toBeUndefined();
    expect(parseListingSegments(['sort', 'relevance'])).toBeUndefined();
    expect(parseListingSegments(['page', '02'])).toBeUndefined();
    expect(parseListingSegments(['page', '2', 'sort', 'newest'])).toBeUndefined();
  });

  it('refuses junk', () => {
    for (const segments of [
      ['page'],
      ['page', '0'],
      ['page', '-1'],
      ['page', '2.5'],
      ['page', 'two'],
      ['page', '1e3'],
      ['page', '9999999999'],
      ['sort'],
      ['sort', 'cheapest'],
      ['sort', 'PRICE-ASC'],
      ['sort', 'newest', 'page'],
      ['sort', 'newest', 'extra'],
      ['page', '2', 'extra'],
      ['other'],
    ]) {
      expect(parseListingSegments(segments)).toBeUndefined();
    }
  });
});

describe('payloadUrl', () => {
  it('is the index.txt beside the route’s page, as the router fetches it', () => {
    expect(payloadUrl('/courses/py-101/', 'index.txt')).toBe('/courses/py-101/index.txt');
    expect(payloadUrl('/', 'index.txt')).toBe('/index.txt');
  });

  it('ignores the query and the fragment, which do not change the file', () => {
    expect(payloadUrl('/category/python/?sort=rating#top', 'index.txt')).toBe('/category/python/index.txt');
  });
});

describe('reviewsHref', () => {
  it('gives every review of a course its pages, and each number of stars pages of its own', () => {
    expect(reviewsHref('py-101')).toBe('/courses/py-101/reviews/');
    expect(reviewsHref('py-101', { page: 3 })).toBe('/courses/py-101/reviews/3/');
    expect(reviewsHref('py-101', { stars: 4 })).toBe('/courses/py-101/reviews/stars-4/');
    expect(reviewsHref('py-101', { stars: 4, page: 2 })).toBe('/courses/py-101/reviews/stars-4/2/');
  });
});

describe('starReviewsHref', () => {
  it("filters a course's one page of reviews by its fragment: no page more", () => {
    expect(starReviewsHref('py-101', 5, REVIEWS_PER_PAGE)).toBe('/courses/py-101/reviews/#stars-5');
    expect(starReviewsHref('py-101', 1, 1)).toBe('/courses/py-101/reviews/#stars-1');
  });

  it("leads to that star's own pages when the reviews take more than one page", () => {
    expect(starReviewsHref('py-101', 3, REVIEWS_PER_PAGE + 1)).toBe('/courses/py-101/reviews/stars-3/');
  });
});

describe('isDocumentOnlyRoute', () => {
  it("is true of every page of a course's reviews, whatever its query or fragment", () => {
    expect(isDocumentOnlyRoute(reviewsHref('py-101'))).toBe(true);
    expect(isDocumentOnlyRoute(reviewsHref('py-101', { page: 2, stars: 4 }))).toBe(true);
    expect(isDocumentOnlyRoute('/courses/py-101/reviews/?x=1')).toBe(true);
  });

  it('is false of the course page and every other route', () => {
    for (const route of ['/', '/courses/py-101/', '/courses/reviews/', '/cart/', '/category/python/page/2/'])
      expect(isDocumentOnlyRoute(route)).toBe(false);
  });
});
