/** @jest-environment node */
import { getCourses } from './catalogue';
import { searchCourses, suggest, tokenize, toSearchEntry, type SearchEntry } from './search';

function entry(id: string, fields: Partial<SearchEntry> = {}): SearchEntry {
  return {
    id,
    course_name: `Course ${id}`,
    creator: 'Someone',
    category: 'design',
    description: '',
    what_you_will_learn: [],
    image: `/images/courses/${id}.svg`,
    rating_star: 4.5,
    rating_count: 10,
    actual_price: 49.99,
    discounted_price: 9.99,
    ...fields,
  };
}

const ids = (entries: readonly SearchEntry[]) => entries.map((found) => found.id);

describe('tokenize', () => {
  it('splits a query into distinct lower-case words without punctuation', () => {
    expect(tokenize('  Node.js   APIs node ')).toEqual(['node', 'js', 'apis']);
    expect(tokenize('"UI/UX"')).toEqual(['ui', 'ux']);
    expect(tokenize(' \t ')).toEqual([]);
  });

  it('drops accents', () => {
    expect(tokenize('Tomás Chloé')).toEqual(['tomas', 'chloe']);
  });
});

describe('searchCourses', () => {
  const index = [
    entry('a', { course_name: 'Cooking basics', description: 'Learn Python on the side' }),
    entry('b', { course_name: 'Python for cooks', creator: 'Tomás Herrera' }),
    entry('c', { course_name: 'Gardening', category: 'python' }),
    entry('d', { course_name: 'Baking', what_you_will_learn: ['Bake bread', 'Automate ovens with PYTHON scripts'] }),
    entry('e', { course_name: 'Knitting', creator: 'Maya' }),
  ];

  it('matches case-insensitively in name, creator, category, description and what-you-will-learn', () => {
    expect(ids(searchCourses(index, 'PYTHON')).sort()).toEqual(['a', 'b', 'c', 'd']);
    expect(ids(searchCourses(index, 'maya'))).toEqual(['e']);
    expect(ids(searchCourses(index, 'ovens'))).toEqual(['d']);
  });

  it('matches the start of a word and ignores accents', () => {
    expect(ids(searchCourses(index, 'garden'))).toEqual(['c']);
    expect(ids(searchCourses(index, 'tomas herr'))).toEqual(['b']);
    expect(ids(searchCourses(index, 'ython'))).toEqual([]);
    expect(ids(searchCourses(index, 'king'))).toEqual([]);
  });

  it('requires every word to match, so more words narrow the results', () => {
    expect(ids(searchCourses(index, 'python cook')).sort()).toEqual(['a', 'b']);
    expect(ids(searchCourses(index, 'python cook herrera'))).toEqual(['b']);
    expect(searchCourses(index, 'python knitting')).toEqual([]);
  });

  it('ranks courses with the words in their name first', () => {
    expect(ids(searchCourses(index, 'python'))[0]).toBe('b');
    expect(ids(searchCourses(index, 'python cook'))).toEqual(['b', 'a']);
  });

  it('ranks by the number of name words, then matching fields, then catalogue order', () => {
    const ranked = [
      entry('one-field', { description: 'rust' }),
      entry('two-fields', { description: 'rust', what_you_will_learn: ['rust'] }),
      entry('name', { course_name: 'Rust' }),
      entry('also-one-field', { creator: 'Rusty' }),
    ];
    expect(ids(searchCourses(ranked, 'rust'))).toEqual(['name', 'two-fields', 'one-field', 'also-one-field']);
  });

  it('finds nothing for an empty or blank query', () => {
    expect(searchCourses(index, '')).toEqual([]);
    expect(searchCourses(index, '  ?! ')).toEqual([]);
  });

  it('does not change the index', () => {
    const before = ids(index);
    searchCourses(index, 'python');
    expect(ids(index)).toEqual(before);
  });
});

describe('suggest', () => {
  const index = Array.from({ length: 8 }, (_, n) => entry(`c${n}`, { course_name: `Python ${n}` }));

  it('returns at most five matches by default, best first', () => {
    expect(ids(suggest(index, 'python'))).toEqual(['c0', 'c1', 'c2', 'c3', 'c4']);
    expect(suggest(index, 'python', 3)).toHaveLength(3);
  });

  it('suggests nothing for a query of fewer than two characters', () => {
    expect(suggest(index, 'p')).toEqual([]);
    expect(suggest(index, ' p ')).toEqual([]);
    expect(suggest(index, 'py')).toHaveLength(5);
  });
});

describe('search over the catalogue', () => {
  const catalogue = getCourses().map(toSearchEntry);

  it('narrows "python" with "data"', () => {
    const python = searchCourses(catalogue, 'python');
    const pythonData = searchCourses(catalogue, 'python data');
    expect(pythonData.length).toBeGreaterThan(0);
    expect(pythonData.length).toBeLessThan(python.length);
    expect(ids(pythonData).every((id) => ids(python).includes(id))).toBe(true);
  });

  it('puts courses named for the query ahead of earlier catalogue entries that only mention it', () => {
    const names = searchCourses(catalogue, 'data').map((found) => found.course_name);
    const named = names.filter((name) => /data/i.test(name));
    expect(names.slice(0, named.length)).toEqual(named);
    expect(names.indexOf('Machine Learning with scikit-learn: A Hands-On Guide')).toBeGreaterThan(
      names.indexOf('Data Visualization that Tells a Story: Matplotlib and Seaborn'),
    );
  });

  it('keeps the syllabus and other fields out of the index entries', () => {
    expect(Object.keys(catalogue[0] ?? {}).sort()).toEqual(
      [
        'actual_price',
        'category',
        'course_name',
        'creator',
        'description',
        'discounted_price',
        'id',
        'image',
        'rating_count',
        'rating_star',
        'what_you_will_learn',
      ].sort(),
    );
  });
});
