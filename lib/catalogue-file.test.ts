import { catalogueFile, instructorsFile, reviewsFile } from './catalogue-file.mjs';

describe('catalogueFile', () => {
  it('is CATALOGUE, or the shipped data/courses.json', () => {
    expect(catalogueFile({})).toBe('data/courses.json');
    expect(catalogueFile({ CATALOGUE: 'shop.json' })).toBe('shop.json');
  });
});

describe('instructorsFile and reviewsFile', () => {
  it('are the shipped files, which may be missing, with the shipped catalogue', () => {
    expect(instructorsFile({})).toEqual({ file: 'data/instructors.json', optional: true });
    expect(reviewsFile({})).toEqual({ file: 'data/reviews.json', optional: true });
    expect(reviewsFile({ CATALOGUE: './data/courses.json' })).toEqual({ file: 'data/reviews.json', optional: true });
  });

  it('are the files INSTRUCTORS and REVIEWS name, which must exist', () => {
    const env = { CATALOGUE: 'shop.json', INSTRUCTORS: 'shop-instructors.json', REVIEWS: 'shop-reviews.json' };
    expect(instructorsFile(env)).toEqual({ file: 'shop-instructors.json', optional: false });
    expect(reviewsFile(env)).toEqual({ file: 'shop-reviews.json', optional: false });
    expect(reviewsFile({ REVIEWS: 'more-reviews.json' })).toEqual({ file: 'more-reviews.json', optional: false });
  });

  it('are none for another catalogue that names none: the shipped ones are of the shipped courses', () => {
    expect(instructorsFile({ CATALOGUE: 'shop.json' })).toBeUndefined();
    expect(reviewsFile({ CATALOGUE: 'shop.json', INSTRUCTORS: 'shop-instructors.json' })).toBeUndefined();
  });
});
