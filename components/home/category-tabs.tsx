import { WishlistToggles } from '@/components/wishlist/wishlist-toggles';
import { useId, type ReactNode } from 'react';

export type CategoryTab = { category: string; label: string; panel: ReactNode };

/**
 * WAI-ARIA tabs with a roving tabindex: a click selects, Left/Right move (and wrap), Home/End
 * jump, and selection follows focus. Every panel is rendered on the server and only the selected
 * one shows. A server component: the page's first-paint script (components/layout/first-paint-script.tsx)
 * switches the tabs from the first paint, before and after hydration alike, so there is no client
 * state to hydrate or to keep in step with the DOM. The selected look follows `aria-selected`.
 */
export function CategoryTabs({ tabs, label }: { tabs: readonly CategoryTab[]; label: string }) {
  const baseId = useId();
  return (
    <div>
      <WishlistToggles />
      <div
        role="tablist"
        aria-label={label}
        className="-mx-4 flex gap-1 overflow-x-auto border-b border-line px-4 sm:mx-0 sm:px-0"
      >
        {tabs.map(({ category, label: tabLabel }, index) => (
          <button
            key={category}
            type="button"
            role="tab"
            id={`${baseId}-tab-${index}`}
            aria-selected={index === 0}
            aria-controls={`${baseId}-panel-${index}`}
            tabIndex={index === 0 ? 0 : -1}
            className="-mb-px min-h-11 shrink-0 border-b-2 border-transparent px-4 text-sm font-bold whitespace-nowrap text-ink-muted transition-colors hover:text-ink aria-selected:border-ink aria-selected:text-ink"
          >
            {tabLabel}
          </button>
        ))}
      </div>
      {tabs.map(({ category, panel }, index) => (
        <div
          key={category}
          role="tabpanel"
          id={`${baseId}-panel-${index}`}
          aria-labelledby={`${baseId}-tab-${index}`}
          tabIndex={0}
          hidden={index !== 0}
          className="rounded-b pt-6"
        >
          {panel}
        </div>
      ))}
    </div>
  );
}
