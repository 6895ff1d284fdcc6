import { getCourse } from './server/catalogue';
import {
  broadPrefixes,
  holdsEveryWord,
  isBroadQuery,
  nameMatches,
  matchInstructors,
  normalizeQuery,
  orderResults,
  rankByName,
  shownCount,
  tokenize,
  toSearchHit,
} from './search';

describe('normalizeQuery', () => {
  it('folds case and accents, so "TOMÁS" and "tomas" search the same', () => {
    expect(normalizeQuery('TOMÁS')).toBe('tomas');
    expect(normalizeQuery('Chloé  Dubois')).toBe('chloe dubois');
  });

  it('keeps letters and digits only and drops repeated words', () => {
    expect(normalizeQuery('  Node.js,  node!  ')).toBe('node js');
    expect(tokenize('AWS 101 aws')).toEqual(['aws', '101']);
  });

  it('is empty for a query with nothing to search', () => {
    expect(normalizeQuery('')).toBe('');
    expect(normalizeQuery('  -- !! ')).toBe('');
  });
});

describe('toSearchHit', () => {
  const course = getCourse('py-102')!;
  const data = {
    content: course.description,
    meta: {
      id: course.id,
      title: course.course_name,
      creator: course.creator,
      image: course.image,
      rating_star: String(course.rating_star),
      rating_count: String(course.rating_count),
      actual_price: String(course.actual_price),
      discounted_price: String(course.discounted_price),
    },
    filters: { category: [course.category] },
  };

  it('rebuilds the course card fields from the metadata', () => {
    expect(toSearchHit(data)).toEqual({
      id: course.id,
      course_name: course.course_name,
      creator: course.creator,
      image: course.image,
      category: course.category,
      rating_star: course.rating_star,
      rating_count: course.rating_count,
      actual_price: course.actual_price,
      discounted_price: course.discounted_price,
    });
  });

  it('carries the card’s facts line when the page gave one', () => {
    const facts = '3 hours · 24 lectures · Beginner';
    expect(toSearchHit({ ...data, meta: { ...data.meta, facts } })).toMatchObject({ id: course.id, facts });
  });

  it('skips a result with a missing or non-numeric field', () => {
    expect(toSearchHit({ ...data, meta: { ...data.meta, id: undefined } })).toBeNull();
    expect(toSearchHit({ ...data, meta: { ...data.meta, rating_count: 'many' } })).toBeNull();
    expect(toSearchHit({ ...data, meta: { ...data.meta, discounted_price: '' } })).toBeNull();
    expect(toSearchHit({ ...data, filters: {} })).toBeNull();
  });
});

describe('rankByName', () => {
  const hit = (course_name: string) => ({ course_name });

  it('counts the query words that start a word of the name, ignoring case and accents', () => {
    expect(nameMatches('Python for Data Analysis', ['pyth', 'data'])).toBe(2);
    expect(nameMatches('Café Économique', ['eco'])).toBe(1);
    expect(nameMatches('Copywriting', ['py'])).toBe(0);
  });

  it('puts courses with more query words in their name first and keeps the given order otherwise', () => {
    const given = [
      hit('Machine Learning'),
      hit('Python Basics'),
      hit('SQL for Analysts'),
      hit('Python for Data Analysis'),
      hit('Data Pipelines'),
    ];
    expect(rankByName(given, 'python data').map((entry) => entry.course_name)).toEqual([
      'Python for Data Analysis',
      'Python Basics',
      'Data Pipelines',
      'Machine Learning',
      'SQL for Analysts',
    ]);
  });

  it('leaves the order alone when no name matches', () => {
    const given = [hit('B'), hit('A')];
    expect(rankByName(given, 'zzz')).toEqual(given);
  });
});

describe('orderResults', () => {
  it('drops results that matched only card metadata (score 0)', () => {
    const results = [
      { id: 'a', score: 0, matchedMetaFields: ['image'] },
      { id: 'b', score: 1.2 },
    ];
    expect(orderResults(results).map((result) => result.id)).toEqual(['b']);
  });

  it('puts the results whose name matched first, keeping Pagefind order within each group', () => {
    const results = [
      { id: 'text-1', score: 9 },
      { id: 'name-1', score: 8, matchedMetaFields: ['title'] },
      { id: 'text-2', score: 7, matchedMetaFields: ['creator'] },
      { id: 'name-2', score: 2, matchedMetaFields: ['creator', 'title'] },
    ];
    expect(orderResults(results).map((result) => result.id)).toEqual(['name-1', 'name-2', 'text-1', 'text-2']);
  });
});

describe('holdsEveryWord', () => {
  const content = 'Machine Learning with scikit-learn: A Hands-On Guide. By Tomás Herrera. Build a model.';

  it('holds a query whose every word starts a word of the text, whatever the case and accents', () => {
    expect(holdsEveryWord(content, 'mach')).toBe(true);
    expect(holdsEveryWord(content, 'LEARNING tomas')).toBe(true);
    expect(holdsEveryWord(content, 'a')).toBe(true);
  });

  it('holds words Pagefind indexes without their inner punctuation', () => {
    expect(holdsEveryWord(content, 'scikitlearn')).toBe(true);
    expect(holdsEveryWord(content, 'handson')).toBe(true);
  });

  it("refuses a word only a shorter word of the text begins: Pagefind's fallback for 'aaaa' finding 'a'", () => {
    expect(holdsEveryWord(content, 'aaaa')).toBe(false);
    expect(holdsEveryWord(content, 'axyz')).toBe(false);
    expect(holdsEveryWord(content, 'machinezz')).toBe(false);
    expect(holdsEveryWord(content, 'learning aaaa')).toBe(false);
  });

  it('holds text in scripts written without spaces', () => {
    expect(holdsEveryWord('机器学习入门：从零开始', '学习')).toBe(true);
    expect(holdsEveryWord('机器学习入门：从零开始', '学习法')).toBe(false);
  });
});

describe('shownCount', () => {
  it('shows 24 results a page, never more than there are', () => {
    expect(shownCount(100, 1)).toBe(24);
    expect(shownCount(100, 2)).toBe(48);
    expect(shownCount(30, 2)).toBe(30);
    expect(shownCount(0, 1)).toBe(0);
  });
});

describe('broadPrefixes', () => {
  const texts = ['React for Real Projects', 'Ready, set, Deploy', 'Reading Data', 'Data with AWS'];

  it('lists the two- and three-letter prefixes beginning a word in at least that many texts, each text counted once', () => {
    // 're' and 'rea' begin a word in the first three texts (twice in the first), 'da' and 'dat' in two.
    expect(broadPrefixes(texts, 3)).toEqual(['re', 'rea']);
    expect(broadPrefixes(texts, 2)).toEqual(['da', 'dat', 're', 'rea']);
  });

  it('folds case and accents, and never lists a one-letter or four-letter prefix', () => {
    const list = broadPrefixes(['Érudit', 'erudite', 'ERUDITION'], 3);
    expect(list).toEqual(['er', 'eru']);
  });

  it('is empty for a small shop at the default threshold', () => {
    expect(broadPrefixes(texts)).toEqual([]);
  });
});

describe('isBroadQuery', () => {
  const broad = new Set(['re', 'rea', 'de']);

  it('is true for one word that is a broad prefix, whatever its case, accents or spacing', () => {
    expect(isBroadQuery('re', broad)).toBe(true);
    expect(isBroadQuery('  RÉA ', broad)).toBe(true);
  });

  it('is false for a longer word, another prefix, or several words', () => {
    expect(isBroadQuery('reac', broad)).toBe(false);
    expect(isBroadQuery('aws', broad)).toBe(false);
    expect(isBroadQuery('machine de', broad)).toBe(false);
  });
});

describe('matchInstructors', () => {
  const instructors = [
    { name: 'Maya Lindqvist', slug: 'maya-lindqvist' },
    { name: 'Elena Kovač', slug: 'elena-kovac' },
    { name: 'Northwind Code Studio', slug: 'northwind-code-studio' },
    { name: 'Marcus Bell', slug: 'marcus-bell' },
  ];

  it('finds an instructor whose name holds every word of the query as the start of a word', () => {
    expect(matchInstructors('maya', instructors)).toEqual([instructors[0]]);
    expect(matchInstructors('Lindq  MAYA', instructors)).toEqual([instructors[0]]);
    expect(matchInstructors('kovac', instructors)).toEqual([instructors[1]]);
    expect(matchInstructors('code studio', instructors)).toEqual([instructors[2]]);
  });

  it('finds none for a word inside a name, a word no name has, or nothing searchable', () => {
    expect(matchInstructors('indqvist', instructors)).toEqual([]);
    expect(matchInstructors('maya python', instructors)).toEqual([]);
    expect(matchInstructors(' ?! ', instructors)).toEqual([]);
  });

  it('keeps the list’s order and stops at the limit', () => {
    expect(matchInstructors('m', instructors)).toEqual([instructors[0], instructors[3]]);
    expect(matchInstructors('m', instructors, 1)).toEqual([instructors[0]]);
  });
});
