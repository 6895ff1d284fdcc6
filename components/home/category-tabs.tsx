'use client';

import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { cn } from '@/lib/cn';

export type CategoryTab = { category: string; label: string; panel: ReactNode };

/**
 * WAI-ARIA tabs with a roving tabindex: Left/Right move (and wrap), Home/End jump, and
 * selection follows focus. Every panel is rendered on the server; only the selected one shows.
 */
export function CategoryTabs({ tabs, label }: { tabs: readonly CategoryTab[]; label: string }) {
  const [selected, setSelected] = useState(0);
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const baseId = useId();

  function select(index: number) {
    const next = (index + tabs.length) % tabs.length;
    setSelected(next);
    tabRefs.current[next]?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    const moves: Record<string, number> = {
      ArrowRight: selected + 1,
      ArrowLeft: selected - 1,
      Home: 0,
      End: tabs.length - 1,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    select(target);
  }

  return (
    <div>
      <div
        role="tablist"
        aria-label={label}
        className="-mx-4 flex gap-1 overflow-x-auto border-b border-line px-4 sm:mx-0 sm:px-0"
      >
        {tabs.map(({ category, label: tabLabel }, index) => {
          const isSelected = index === selected;
          return (
            <button
              key={category}
              ref={(node) => {
                tabRefs.current[index] = node;
              }}
              type="button"
              role="tab"
              id={`${baseId}-tab-${index}`}
              aria-selected={isSelected}
              aria-controls={`${baseId}-panel-${index}`}
              tabIndex={isSelected ? 0 : -1}
              onClick={() => setSelected(index)}
              onKeyDown={onKeyDown}
              className={cn(
                '-mb-px min-h-11 shrink-0 border-b-2 px-4 text-sm font-bold whitespace-nowrap transition-colors',
                isSelected ? 'border-ink text-ink' : 'border-transparent text-ink-muted hover:text-ink',
              )}
            >
              {tabLabel}
            </button>
          );
        })}
      </div>
      {tabs.map(({ category, panel }, index) => (
        <div
          key={category}
          role="tabpanel"
          id={`${baseId}-panel-${index}`}
          aria-labelledby={`${baseId}-tab-${index}`}
          tabIndex={0}
          hidden={index !== selected}
          className="rounded-b pt-6"
        >
          {panel}
        </div>
      ))}
    </div>
  );
}
