import { instructorSlug, instructorTotals, MAX_SLUG_LENGTH, slugClashes } from './instructors';

describe('instructorSlug', () => {
  it('joins the lower-case words of a name with hyphens', () => {
    expect(instructorSlug('Maya Lindqvist')).toBe('maya-lindqvist');
    expect(instructorSlug('Dr. Hannah Brooks')).toBe('dr-hannah-brooks');
    expect(instructorSlug('Pixel & Pine Studio')).toBe('pixel-pine-studio');
    expect(instructorSlug('  Stratus Learning Co.  ')).toBe('stratus-learning-co');
  });

  it('drops accents and spells letters without one in ASCII', () => {
    expect(instructorSlug('Chloé Dubois')).toBe('chloe-dubois');
    expect(instructorSlug('Elena Kovač')).toBe('elena-kovac');
    expect(instructorSlug('Tomás Herrera')).toBe('tomas-herrera');
    expect(instructorSlug('Björn Ødegård')).toBe('bjorn-odegard');
    expect(instructorSlug('Łukasz Straße')).toBe('lukasz-strasse');
    expect(instructorSlug('Ｆｕｌｌ Ｗｉｄｔｈ')).toBe('full-width');
  });

  it('keeps an apostrophe inside a word', () => {
    expect(instructorSlug("Liam O'Connell")).toBe('liam-oconnell');
    expect(instructorSlug('Liam O’Connell')).toBe('liam-oconnell');
  });

  it('keeps the Latin part of a name in two scripts, and drops emoji and markup', () => {
    expect(instructorSlug('王小明 (Wang Xiaoming)')).toBe('wang-xiaoming');
    expect(instructorSlug('Zoë 🦊 Müller')).toBe('zoe-muller');
    expect(instructorSlug('<img src=x onerror=alert(2)> Ada')).toBe('img-src-x-onerror-alert-2-ada');
  });

  it('falls back to a stable hash of a name with no Latin letter or digit, distinct per name', () => {
    const arabic = instructorSlug('أحمد بن سعيد');
    expect(arabic).toMatch(/^instructor-[0-9a-f]{8}$/);
    expect(instructorSlug('أحمد بن سعيد')).toBe(arabic);
    const others = ['נועה כהן', '王小明', 'प्रिया शर्मा', '🦊', '!!!'].map(instructorSlug);
    expect(new Set([arabic, ...others]).size).toBe(6);
    for (const slug of others) expect(slug).toMatch(/^instructor-[0-9a-f]{8}$/);
  });

  it('hashes a name as composed, so either Unicode form of one name has one slug', () => {
    expect(instructorSlug('가나'.normalize('NFD'))).toBe(instructorSlug('가나'.normalize('NFC')));
  });

  it(`cuts a long name at a word, within ${MAX_SLUG_LENGTH} characters`, () => {
    const slug = instructorSlug('Maximiliana-Alexandrina von Hohenzollern-Sigmaringen-Wittelsbach '.repeat(3));
    expect(slug.length).toBeLessThanOrEqual(MAX_SLUG_LENGTH);
    expect(slug).toBe('maximiliana-alexandrina-von-hohenzollern-sigmaringen-wittelsbach-maximiliana');
    expect(instructorSlug('x'.repeat(200))).toBe('x'.repeat(MAX_SLUG_LENGTH));
  });

  it('makes only URL-safe slugs', () => {
    for (const name of ['Ana', 'A--B', '-a-', 'ÀÉÎÕÜ', 'x\u0000y', '١٢٣', '123'])
      expect(instructorSlug(name)).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
  });
});

describe('slugClashes', () => {
  it('lists each name whose slug an earlier, different name has', () => {
    expect(slugClashes(['Ana Silva', 'Chloé Dubois', 'ana silva', 'Ana Silva', 'Chloe Dubois'])).toEqual([
      ['Ana Silva', 'ana silva', 'ana-silva'],
      ['Chloé Dubois', 'Chloe Dubois', 'chloe-dubois'],
    ]);
    expect(slugClashes(['Maya Lindqvist', 'Tomás Herrera'])).toEqual([]);
  });
});

describe('instructorTotals', () => {
  it('counts the courses and adds up their students and ratings', () => {
    expect(
      instructorTotals([
        { students: 212460, rating_count: 48210 },
        { students: 100, rating_count: 7 },
      ]),
    ).toEqual({ courses: 2, students: 212560, ratings: 48217 });
    expect(instructorTotals([])).toEqual({ courses: 0, students: 0, ratings: 0 });
  });
});
