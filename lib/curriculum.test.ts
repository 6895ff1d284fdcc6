import {
  formatCardFacts,
  formatCurriculumSummary,
  formatDuration,
  formatRoughDuration,
  formatSectionLength,
  isoDuration,
  summarizeCurriculum,
  toSections,
} from './curriculum';

const functions = {
  title: 'Functions',
  lectures: [
    { title: 'Defining a function', minutes: 7, preview: true as const },
    { title: 'Arguments and defaults', minutes: 12 },
    { title: 'Return values', minutes: 9 },
  ],
};
const loops = { title: 'Loops', lectures: [{ title: 'for and while', minutes: 62 }] };

describe('summarizeCurriculum', () => {
  it('sums sections, lectures and minutes from the lectures themselves', () => {
    expect(summarizeCurriculum([functions, loops])).toEqual({ sections: 2, lectures: 4, minutes: 90 });
  });

  it('equals the sum of its sections', () => {
    const sections = toSections([functions, loops]);
    const summary = summarizeCurriculum([functions, loops])!;
    expect(sections.reduce((sum, section) => sum + section.length!.minutes, 0)).toBe(summary.minutes);
    expect(sections.reduce((sum, section) => sum + section.length!.lectures, 0)).toBe(summary.lectures);
  });

  it('gives no totals when a section has only a title: they would understate the course', () => {
    expect(summarizeCurriculum(['Getting Set Up', 'Functions'])).toBeUndefined();
    expect(summarizeCurriculum([functions, 'Loops'])).toBeUndefined();
  });
});

describe('toSections', () => {
  it('keeps a title-only section as a title, and gives a full one its length', () => {
    expect(toSections(['Getting Set Up', functions])).toEqual([
      { title: 'Getting Set Up' },
      { title: 'Functions', lectures: functions.lectures, length: { lectures: 3, minutes: 28 } },
    ]);
  });
});

describe('durations', () => {
  it.each([
    [1, '1m'],
    [45, '45m'],
    [60, '1h'],
    [120, '2h'],
    [332, '5h 32m'],
  ])('formats %i minutes as %s', (minutes, text) => {
    expect(formatDuration(minutes)).toBe(text);
  });

  it.each([
    [1, '1 min'],
    [45, '45 mins'],
    [60, '1 hour'],
    [74, '1 hour'],
    [75, '1.5 hours'],
    [330, '5.5 hours'],
    [600, '10 hours'],
  ])('rounds %i minutes to the half hour on a card: %s', (minutes, text) => {
    expect(formatRoughDuration(minutes)).toBe(text);
  });

  it.each([
    [5, 'PT5M'],
    [60, 'PT1H'],
    [330, 'PT5H30M'],
    [1505, 'PT25H5M'],
  ])('writes %i minutes as the ISO 8601 duration %s', (minutes, text) => {
    expect(isoDuration(minutes)).toBe(text);
  });
});

describe('summary lines', () => {
  it('says sections, lectures and total length as the course page shows them', () => {
    expect(formatCurriculumSummary({ sections: 8, lectures: 42, minutes: 332 })).toBe(
      '8 sections • 42 lectures • 5h 32m total length',
    );
    expect(formatCurriculumSummary({ sections: 1, lectures: 1, minutes: 7 })).toBe(
      '1 section • 1 lecture • 7m total length',
    );
  });

  it('says a section’s lecture count and length', () => {
    expect(formatSectionLength({ lectures: 3, minutes: 28 })).toBe('3 lectures • 28m');
  });

  it('gives a card one line of what is known', () => {
    expect(formatCardFacts({ lectures: 42, minutes: 330 }, 'Beginner')).toBe('5.5 hours · 42 lectures · Beginner');
    expect(formatCardFacts({ lectures: 3, minutes: 28 }, undefined)).toBe('28 mins · 3 lectures');
    expect(formatCardFacts(undefined, 'All levels')).toBe('All levels');
    expect(formatCardFacts(undefined, undefined)).toBeUndefined();
  });
});
