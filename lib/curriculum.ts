import type { Course, Lecture } from './schema';

/*
 * A course's curriculum as numbers and text: counts and lengths summed from its lectures,
 * never stored, so a summary cannot disagree with the sections it sums. Pure: no React, no I/O.
 */

type ContentItem = Course['content'][number];

/** How many lectures and how many minutes. */
export type Length = { lectures: number; minutes: number };

/** A section as a page shows it; `lectures` is absent when the catalogue gives only its title. */
export type SectionView = { title: string; lectures?: readonly Lecture[]; length?: Length };

/** The totals of a curriculum whose every section lists its lectures. */
export type CurriculumSummary = Length & { sections: number };

function lengthOf(lectures: readonly Lecture[]): Length {
  return { lectures: lectures.length, minutes: lectures.reduce((sum, lecture) => sum + lecture.minutes, 0) };
}

/** Each content item as a section: its title, and its lectures and their length when known. */
export function toSections(content: readonly ContentItem[]): SectionView[] {
  return content.map((item) =>
    typeof item === 'string'
      ? { title: item }
      : { title: item.title, lectures: item.lectures, length: lengthOf(item.lectures) },
  );
}

/**
 * Sections, lectures and minutes of the whole course, or undefined when a section gives its
 * title only: a total that left sections out would understate the course.
 */
export function summarizeCurriculum(content: readonly ContentItem[]): CurriculumSummary | undefined {
  const lengths: Length[] = [];
  for (const item of content) {
    if (typeof item === 'string') return undefined;
    lengths.push(lengthOf(item.lectures));
  }
  return {
    sections: lengths.length,
    lectures: lengths.reduce((sum, length) => sum + length.lectures, 0),
    minutes: lengths.reduce((sum, length) => sum + length.minutes, 0),
  };
}

/** '1 lecture', '42 lectures': a count with its noun, singular for one. */
export function pluralize(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

/** Minutes as a length: 45 → '45m', 120 → '2h', 332 → '5h 32m'. */
export function formatDuration(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest}m`;
  return rest === 0 ? `${hours}h` : `${hours}h ${rest}m`;
}

/** Minutes as a card's rough length, to the half hour: 45 → '45 mins', 60 → '1 hour', 330 → '5.5 hours'. */
export function formatRoughDuration(minutes: number): string {
  if (minutes < 60) return pluralize(minutes, 'min');
  const halfHours = Math.max(2, Math.round(minutes / 30));
  const hours = halfHours / 2;
  return hours === 1 ? '1 hour' : `${hours} hours`;
}

/** Minutes as an ISO 8601 duration, as schema.org's courseWorkload wants it: 332 → 'PT5H32M'. */
export function isoDuration(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return `PT${hours > 0 ? `${hours}H` : ''}${rest > 0 || hours === 0 ? `${rest}M` : ''}`;
}

/** The course page's summary line: '8 sections • 42 lectures • 5h 32m total length'. */
export function formatCurriculumSummary({ sections, lectures, minutes }: CurriculumSummary): string {
  return `${pluralize(sections, 'section')} • ${pluralize(lectures, 'lecture')} • ${formatDuration(minutes)} total length`;
}

/** A section's disclosure line: '6 lectures • 42m'. */
export function formatSectionLength({ lectures, minutes }: Length): string {
  return `${pluralize(lectures, 'lecture')} • ${formatDuration(minutes)}`;
}

/**
 * A card's one line of facts, from what is known: '5.5 hours · 42 lectures · Beginner',
 * 'Beginner' alone, or undefined when nothing is.
 */
export function formatCardFacts(length: Length | undefined, level: string | undefined): string | undefined {
  const parts = [
    ...(length ? [formatRoughDuration(length.minutes), pluralize(length.lectures, 'lecture')] : []),
    ...(level ? [level] : []),
  ];
  return parts.length > 0 ? parts.join(' · ') : undefined;
}
