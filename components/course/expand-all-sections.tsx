/**
 * 'Expand all sections' / 'Collapse all sections' for the <details> in the list `listId`. No
 * client component: the page's first-paint script (components/layout/first-paint-script.tsx)
 * opens or closes them all on a click and marks the button `data-all-open` while every section is
 * open, however they were opened, from the first paint, before and after hydration alike. The
 * label follows that attribute in CSS (`[data-expand-all]`, app/globals.css), so the server's text never
 * changes under React. Before, the button was rendered by hydration, which moved the page below it
 * on a phone in the middle of the start-up work.
 */
export function ExpandAllSections({ listId }: { listId: string }) {
  return (
    <button
      type="button"
      aria-controls={listId}
      data-expand-all=""
      data-control="expand-all"
      className="min-h-10 shrink-0 rounded px-2 text-sm font-bold text-brand hover:bg-brand-light"
    >
      <span>Expand all sections</span>
      <span>Collapse all sections</span>
    </button>
  );
}
