import { Button } from '@/components/ui/button';
import { formatCount } from '@/lib/format';
import { SAVED_LIST_CAP } from '@/lib/saved-list';

const courses = (count: number) => (count === 1 ? '1 course' : `${formatCount(count)} courses`);

/**
 * What a check of a saved list found beside its items: courses it could not load (offline:
 * kept, with a retry), courses the catalogue does not have (dropped, said once) and ids past
 * the cap (dropped).
 */
export function SavedListNotices({
  list,
  unverified,
  missing,
  overflow,
  retry,
}: {
  /** 'cart' or 'wishlist', as the sentences name it. */
  list: string;
  unverified: number;
  missing: number;
  overflow: number;
  retry: () => void;
}) {
  return (
    <>
      {unverified > 0 && (
        <div
          role="status"
          className="mb-6 flex flex-wrap items-center gap-x-4 gap-y-2 rounded border border-line bg-canvas p-4"
        >
          <p className="flex-1">
            {courses(unverified)} in your {list} could not be loaded. {unverified === 1 ? 'It stays' : 'They stay'}{' '}
            saved; check your connection.
          </p>
          <Button variant="secondary" onClick={retry}>
            Try again
          </Button>
        </div>
      )}
      {(missing > 0 || overflow > 0) && (
        <div role="status" className="mb-6 rounded border border-line bg-canvas p-4">
          {missing > 0 && (
            <p>
              {courses(missing)} saved in your {list} {missing === 1 ? 'is' : 'are'} not in the catalogue, so{' '}
              {missing === 1 ? 'it was' : 'they were'} removed.
            </p>
          )}
          {overflow > 0 && (
            <p>
              Your {list} holds up to {SAVED_LIST_CAP} courses: {formatCount(overflow)} more saved{' '}
              {overflow === 1 ? 'entry was' : 'entries were'} dropped.
            </p>
          )}
        </div>
      )}
    </>
  );
}

/**
 * A list page's two live regions: a hidden one naming what a button did, and a visible
 * notice for what it could not do (fixed, so that it shifts nothing when it appears).
 */
export function LiveRegions({ announcement, notice }: { announcement: string; notice: string }) {
  return (
    <>
      <p role="status" className="sr-only">
        {announcement}
      </p>
      <p
        role="status"
        className="fixed inset-x-4 bottom-4 z-20 mx-auto max-w-md rounded border border-line bg-white px-4 py-3 text-center text-sm font-bold text-ink shadow-lg empty:hidden"
      >
        {notice}
      </p>
    </>
  );
}
