import { ChevronDownIcon } from '@/components/ui/icons';
import {
  formatCurriculumSummary,
  formatDuration,
  formatSectionLength,
  pluralize,
  summarizeCurriculum,
  toSections,
  type SectionView,
} from '@/lib/curriculum';
import type { Course } from '@/lib/types';
import { ExpandAllSections } from './expand-all-sections';

const LIST_ID = 'course-sections';

/**
 * 'Course content': the summary line and one native <details> per section, which opens
 * without script. A section given as a title alone shows as a plain row, as the spec's do.
 */
export function CourseCurriculum({ content }: { content: Course['content'] }) {
  const sections = toSections(content);
  const summary = summarizeCurriculum(content);
  const anyLectures = sections.some((section) => section.lectures);
  return (
    <section aria-labelledby="content-title">
      <h2 id="content-title" className="text-2xl font-extrabold">
        Course content
      </h2>
      <div className="mt-1 flex min-h-10 flex-wrap items-center justify-between gap-x-4">
        <p className="text-sm text-ink-muted">
          {summary ? formatCurriculumSummary(summary) : pluralize(sections.length, 'section')}
        </p>
        {anyLectures && <ExpandAllSections listId={LIST_ID} />}
      </div>
      <ol id={LIST_ID} className="mt-3 divide-y divide-line overflow-hidden rounded-lg border border-line">
        {sections.map((section, index) => (
          <li key={section.title}>
            {section.lectures ? (
              <CurriculumSection section={section} number={index + 1} />
            ) : (
              <div className="flex items-center gap-4 bg-canvas px-5 py-4 text-sm font-bold">
                <SectionTitle title={section.title} number={index + 1} />
              </div>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}

function SectionTitle({ title, number }: { title: string; number: number }) {
  return (
    <>
      <span className="w-20 shrink-0 font-normal text-ink-muted">{`Section ${number}`}</span>
      {/* A minimum width, or anywhere-wrapping would let a narrow screen squeeze the title to a few letters a line. */}
      <span className="min-w-36 flex-1">{title}</span>
    </>
  );
}

function CurriculumSection({ section, number }: { section: SectionView; number: number }) {
  return (
    <details className="group">
      <summary className="flex cursor-pointer list-none flex-wrap items-center gap-x-4 gap-y-1 bg-canvas px-5 py-4 text-sm font-bold hover:bg-brand-light/60 [&::-webkit-details-marker]:hidden">
        <ChevronDownIcon size={18} className="shrink-0 transition-transform group-open:rotate-180" />
        <SectionTitle title={section.title} number={number} />
        {section.length && (
          <span className="ml-auto font-normal whitespace-nowrap text-ink-muted">
            {formatSectionLength(section.length)}
          </span>
        )}
      </summary>
      <ul className="lectures">
        {section.lectures?.map((lecture) => (
          <li key={lecture.title}>
            <span>{lecture.title}</span>
            {lecture.preview && <strong>Preview</strong>}
            <span>{formatDuration(lecture.minutes)}</span>
          </li>
        ))}
      </ul>
    </details>
  );
}
