import type { CourseSummary } from '@/lib/types';
import { CardGrid } from './card-grid';
import { CourseCard } from './course-card';

/** Course cards in SPEC §9's grid: 1 column, then 2 at 600px, 3 at 992px, 4 at 1400px. */
export function CourseGrid({
  courses,
  headingLevel,
  emptyMessage = 'No courses in this category yet.',
  besideFilters = false,
}: {
  courses: readonly CourseSummary[];
  headingLevel?: 2 | 3;
  emptyMessage?: string;
  besideFilters?: boolean;
}) {
  if (courses.length === 0) return <p className="py-8 text-ink-muted">{emptyMessage}</p>;
  return (
    <CardGrid>
      {courses.map((course) => (
        <li key={course.id}>
          <CourseCard course={course} headingLevel={headingLevel} besideFilters={besideFilters} />
        </li>
      ))}
    </CardGrid>
  );
}
