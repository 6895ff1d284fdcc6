import { getInstructorTotals, type Instructor } from '@/lib/server/catalogue';
import { Link } from '@/components/ui/link';
import { ShowMore } from '@/components/ui/show-more';
import { cn } from '@/lib/cn';
import { instructorHref } from '@/lib/routes';
import { formatCount } from '@/lib/format';
import { InstructorAvatar } from './instructor-avatar';
import { ParsedEnd } from '@/components/ui/parsed-end';

/** A bio longer than this, or of more than one paragraph, is clamped behind 'Show more'. */
const SHORT_BIO = 320;

function plural(count: number, one: string, many: string): string {
  return `${formatCount(count)} ${count === 1 ? one : many}`;
}

/**
 * An instructor: photo or monogram, name, headline, totals over the catalogue (courses, students,
 * ratings) and bio. A long bio is clamped, with 'Show more' (components/ui/show-more.tsx), which
 * works without JavaScript: the whole text is in the page for readers and crawlers. The top of their
 * own page (`heading` h1), and the course page's 'Instructor' section (h3, the name a link to
 * their page).
 */
export function InstructorProfile({ instructor, heading = 'h1' }: { instructor: Instructor; heading?: 'h1' | 'h3' }) {
  const totals = getInstructorTotals(instructor.slug);
  const long = instructor.bio.length > 1 || (instructor.bio[0]?.length ?? 0) > SHORT_BIO;
  return (
    <div>
      {/* Centred on each other: shown once both are parsed (app/globals.css, .shown-once-parsed). */}
      <div className="shown-once-parsed flex items-center gap-4">
        <InstructorAvatar instructor={instructor} />
        <div className="min-w-0 wrap-anywhere">
          {heading === 'h1' ? (
            <h1 className="text-3xl font-extrabold sm:text-4xl">{instructor.name}</h1>
          ) : (
            <h3 className="text-xl font-extrabold">
              <Link href={instructorHref(instructor.slug)} className="rounded text-brand-dark underline">
                {instructor.name}
              </Link>
            </h3>
          )}
          {instructor.headline && <p className="mt-1 text-ink-muted">{instructor.headline}</p>}
        </div>
        <ParsedEnd />
      </div>
      <ul className="mt-4 flex flex-wrap gap-x-6 gap-y-1 text-sm font-bold">
        <li>{plural(totals.courses, 'course', 'courses')}</li>
        <li>{plural(totals.students, 'student', 'students')}</li>
        <li>{plural(totals.ratings, 'rating', 'ratings')}</li>
      </ul>
      {instructor.bio.length > 0 && (
        <div className="mt-4">
          <div className={cn('space-y-3 leading-relaxed wrap-anywhere', long && 'clamp')}>
            {instructor.bio.map((paragraph, index) => (
              <p key={index}>{paragraph}</p>
            ))}
          </div>
          {long && <ShowMore />}
        </div>
      )}
    </div>
  );
}
