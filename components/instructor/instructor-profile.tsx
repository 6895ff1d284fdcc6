import { getInstructorTotals, type Instructor } from '@/lib/server/catalogue';
import { cn } from '@/lib/cn';
import { formatCount } from '@/lib/format';
import { InstructorAvatar } from './instructor-avatar';

/** A bio longer than this, or of more than one paragraph, is clamped behind 'Show more'. */
const SHORT_BIO = 320;

function plural(count: number, one: string, many: string): string {
  return `${formatCount(count)} ${count === 1 ? one : many}`;
}

/**
 * The top of an instructor's page: photo or monogram, name, headline, totals over the catalogue
 * (courses, students, ratings) and bio. A long bio is clamped, with 'Show more', which works
 * without JavaScript (a checkbox and its label): the whole text is in the page for readers and
 * crawlers.
 */
export function InstructorProfile({ instructor }: { instructor: Instructor }) {
  const totals = getInstructorTotals(instructor.slug);
  const long = instructor.bio.length > 1 || (instructor.bio[0]?.length ?? 0) > SHORT_BIO;
  const bioId = `bio-more-${instructor.slug}`;
  return (
    <div>
      <div className="flex items-center gap-4">
        <InstructorAvatar instructor={instructor} />
        <div className="min-w-0 wrap-anywhere">
          <h1 className="text-3xl font-extrabold sm:text-4xl">{instructor.name}</h1>
          {instructor.headline && <p className="mt-1 text-ink-muted">{instructor.headline}</p>}
        </div>
      </div>
      <ul className="mt-4 flex flex-wrap gap-x-6 gap-y-1 text-sm font-bold">
        <li>{plural(totals.courses, 'course', 'courses')}</li>
        <li>{plural(totals.students, 'student', 'students')}</li>
        <li>{plural(totals.ratings, 'rating', 'ratings')}</li>
      </ul>
      {instructor.bio.length > 0 && (
        <div className="mt-4">
          {long && <input type="checkbox" id={bioId} aria-label="Show the whole bio" className="peer sr-only" />}
          <div
            className={cn(
              'space-y-3 leading-relaxed wrap-anywhere',
              long && 'line-clamp-5 peer-checked:line-clamp-none',
            )}
          >
            {instructor.bio.map((paragraph, index) => (
              <p key={index}>{paragraph}</p>
            ))}
          </div>
          {long && (
            <label
              htmlFor={bioId}
              className="mt-2 inline-block cursor-pointer rounded font-bold text-brand-dark underline peer-focus-visible:outline-2 peer-focus-visible:outline-brand peer-checked:[&>.more]:hidden peer-[:not(:checked)]:[&>.less]:hidden"
            >
              <span className="more">Show more</span>
              <span className="less">Show less</span>
            </label>
          )}
        </div>
      )}
    </div>
  );
}
