'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { cn } from '@/lib/cn';
import { basePath, courseHref, searchHref } from '@/lib/routes';
import { suggest, type SearchEntry } from '@/lib/search';
import { loadSearchIndex, useSearchIndex } from '@/lib/search-index';
import { CloseIcon, SearchIcon } from '@/components/ui/icons';

function ignoreFailure() {
  // Without the index there are simply no suggestions; submitting still searches.
}

/**
 * The navbar's search: a plain GET form to /search/ (it works before hydration and without
 * JavaScript) whose field is a WAI-ARIA combobox suggesting up to five courses as the
 * visitor types. The index loads on the field's first focus, not with the page.
 * Below 800px the form folds behind a 'Search' button.
 */
export function SearchForm({ className }: { className?: string }) {
  const router = useRouter();
  const index = useSearchIndex();
  const [value, setValue] = useState('');
  const [listOpen, setListOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [panelOpen, setPanelOpen] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const formId = useId();
  const inputId = useId();
  const listboxId = useId();

  const suggestions = index.status === 'ready' ? suggest(index.entries, value) : [];
  const expanded = listOpen && suggestions.length > 0;
  const activeOption = expanded && active >= 0 ? suggestions[active] : undefined;
  const optionId = (position: number) => `${listboxId}-option-${position}`;

  useEffect(() => {
    if (panelOpen) inputRef.current?.focus();
  }, [panelOpen]);

  function closeList() {
    setListOpen(false);
    setActive(-1);
  }

  function reset() {
    setValue('');
    closeList();
    setPanelOpen(false);
  }

  function openCourse(course: SearchEntry) {
    reset();
    inputRef.current?.blur();
    router.push(courseHref(course.id));
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const query = value.trim();
    closeList();
    setPanelOpen(false);
    inputRef.current?.blur();
    router.push(query ? `${searchHref}?${new URLSearchParams({ q: query })}` : searchHref);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const count = suggestions.length;
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        if (count === 0) return;
        event.preventDefault();
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setListOpen(true);
        // From no active option, Down goes to the first and Up to the last; both wrap.
        setActive(expanded && active >= 0 ? (active + step + count) % count : step === 1 ? 0 : count - 1);
        return;
      }
      case 'Enter':
        if (activeOption) {
          event.preventDefault();
          openCourse(activeOption);
        }
        return;
      case 'Escape':
        event.preventDefault();
        if (expanded) closeList();
        else if (value !== '') setValue('');
        else if (panelOpen) {
          setPanelOpen(false);
          toggleRef.current?.focus();
        }
        return;
    }
  }

  return (
    <div className={cn('flex items-center justify-end md:justify-start', className)}>
      <button
        ref={toggleRef}
        type="button"
        aria-label="Search"
        aria-expanded={panelOpen}
        aria-controls={formId}
        onClick={() => setPanelOpen((open) => !open)}
        className="inline-flex size-11 items-center justify-center rounded-full text-ink hover:bg-canvas md:hidden"
      >
        {panelOpen ? <CloseIcon /> : <SearchIcon />}
      </button>
      <form
        id={formId}
        role="search"
        action={`${basePath}${searchHref}`}
        method="get"
        onSubmit={submit}
        className={cn(
          'absolute inset-x-0 top-full border-b border-line bg-white px-4 py-3 shadow-md sm:px-6',
          'md:static md:flex md:w-full md:max-w-xl md:border-0 md:p-0 md:shadow-none',
          panelOpen ? 'flex' : 'hidden',
        )}
      >
        <div className="relative w-full">
          <label htmlFor={inputId} className="sr-only">
            Search courses
          </label>
          <input
            ref={inputRef}
            id={inputId}
            type="search"
            name="q"
            value={value}
            placeholder="Search courses"
            autoComplete="off"
            enterKeyHint="search"
            role="combobox"
            aria-autocomplete="list"
            aria-expanded={expanded}
            aria-controls={listboxId}
            aria-activedescendant={activeOption ? optionId(active) : undefined}
            onFocus={() => loadSearchIndex().catch(ignoreFailure)}
            onBlur={closeList}
            onChange={(event) => {
              setValue(event.target.value);
              setListOpen(true);
              setActive(-1);
            }}
            onKeyDown={onKeyDown}
            className="h-11 w-full rounded-full border border-ink bg-canvas pr-4 pl-11 text-sm placeholder:text-ink-soft focus:bg-white [&::-webkit-search-cancel-button]:hidden"
          />
          <button
            type="submit"
            aria-label="Submit search"
            className="absolute top-1/2 left-1 inline-flex size-9 -translate-y-1/2 items-center justify-center rounded-full text-ink-muted hover:bg-brand-light hover:text-brand-dark"
          >
            <SearchIcon size={20} />
          </button>
          <ul
            id={listboxId}
            role="listbox"
            aria-label="Suggested courses"
            hidden={!expanded}
            // Keeps focus in the field while an option is clicked.
            onMouseDown={(event) => event.preventDefault()}
            className="absolute inset-x-0 top-full z-40 mt-2 overflow-hidden rounded-lg border border-line bg-white py-1 shadow-lg"
          >
            {expanded &&
              suggestions.map((course, position) => (
                <li
                  key={course.id}
                  id={optionId(position)}
                  role="option"
                  aria-selected={position === active}
                  onClick={() => openCourse(course)}
                  className={cn(
                    'flex cursor-pointer items-center gap-3 px-4 py-2 text-sm',
                    position === active ? 'bg-brand-light text-brand-dark' : 'hover:bg-canvas',
                  )}
                >
                  <SearchIcon size={16} className="shrink-0 text-ink-soft" />
                  <span className="min-w-0">
                    <span className="block truncate font-bold">{course.course_name}</span>
                    <span className="block text-xs tracking-wide text-ink-muted uppercase">{course.category}</span>
                  </span>
                </li>
              ))}
          </ul>
          <p role="status" className="sr-only">
            {expanded ? `${suggestions.length} suggested ${suggestions.length === 1 ? 'course' : 'courses'}` : ''}
          </p>
        </div>
      </form>
    </div>
  );
}
