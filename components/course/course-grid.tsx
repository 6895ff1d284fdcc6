import type { Course } from '@/lib/types';
import { CourseCard } from './course-card';

/** Course cards in SPEC §9's grid: 1 column, then 2 at 600px, 3 at 992px, 4 at 1400px. */
export function CourseGrid({
  courses,
  headingLevel,
  emptyMessage = 'No courses in this category yet.',
}: {
  courses: readonly Course[];
  headingLevel?: 2 | 3;
  emptyMessage?: string;
}) {
  if (courses.length === 0) return <p className="py-8 text-ink-muted">{emptyMessage}</p>;
  return (
    <ul className="grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
      {courses.map((course) => (
        <li key={course.id}>
          <CourseCard course={course} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  );
}
