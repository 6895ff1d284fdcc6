import 'client-only';

import { basePath } from '../routes';
import { matchInstructors, type InstructorEntry } from '../search';

let instructorList: Promise<InstructorEntry[]> | null = null;

/**
 * The instructors a query names (lib/search.ts matchInstructors), from /search-instructors.json
 * (app/search-instructors.json/route.ts), fetched once per page. None when the file cannot be had
 * (offline, say): the courses are the results; the instructors only add a way to their pages.
 */
export async function findInstructors(query: string): Promise<InstructorEntry[]> {
  instructorList ??= fetch(`${basePath}/search-instructors.json`)
    .then((response) => (response.ok ? response.json() : []))
    .then((list: unknown) => (Array.isArray(list) ? list.filter(isInstructorEntry) : []))
    .catch(() => {
      instructorList = null; // fetched again for the next query
      return [];
    });
  return matchInstructors(query, await instructorList);
}

function isInstructorEntry(value: unknown): value is InstructorEntry {
  if (typeof value !== 'object' || value === null) return false;
  const { name, slug } = value as Record<string, unknown>;
  return typeof name === 'string' && typeof slug === 'string' && slug !== '';
}
