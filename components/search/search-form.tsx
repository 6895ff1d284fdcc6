'use client';

import { usePathname } from 'next/navigation';
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { cn } from '@/lib/cn';
import { useNavigate } from '@/lib/browser/full-stylesheet';
import { basePath, courseHref, SEARCH_PARAM, searchHref } from '@/lib/routes';
import { MIN_SUGGEST_LENGTH, SUGGESTION_LIMIT, type SearchHit } from '@/lib/search';
import { prepareSuggestions, suggestCourses } from '@/lib/browser/search-runtime';
import { useQueryParam } from '@/lib/browser/use-query-param';
import { CloseIcon, SearchIcon } from '@/components/ui/icons';

/** The form's id: the no-JavaScript 'Search' link unfolds it as the URL's #fragment (:target). */
const FORM_ID = 'site-search';

function ignoreFailure() {
  // Without the search runtime there are simply no suggestions; submitting still searches.
}

type Suggestions = { query: string; hits: SearchHit[] };

/**
 * The navbar's search: a plain GET form to /search/ (it works before hydration and without
 * JavaScript) whose field is a WAI-ARIA combobox suggesting up to five courses as the
 * visitor types. Pagefind loads on the field's first focus, not with the page.
 * Below 800px the form folds behind a 'Search' button (a link to #site-search without JavaScript).
 * On /search/ the field shows the query of the page.
 */
export function SearchForm({ className }: { className?: string }) {
  const router = useNavigate();
  const onSearchPage = usePathname().replace(/\/?$/, '/') === searchHref;
  const pageQuery = useQueryParam(SEARCH_PARAM);
  const shownQuery = onSearchPage ? (pageQuery ?? '') : '';
  const [syncedQuery, setSyncedQuery] = useState(shownQuery);
  const [value, setValue] = useState(shownQuery);
  const [listOpen, setListOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [panelOpen, setPanelOpen] = useState(false);
  const [found, setFound] = useState<Suggestions>({ query: '', hits: [] });
  const inputRef = useRef<HTMLInputElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const inputId = useId();
  const listboxId = useId();

  // The address bar's query is read after hydration and on back/forward: show it in the field.
  if (syncedQuery !== shownQuery) {
    setSyncedQuery(shownQuery);
    setValue(shownQuery);
  }

  const query = value.trim();
  const wanted = listOpen && query.length >= MIN_SUGGEST_LENGTH;
  useEffect(() => {
    if (!wanted) return;
    let stale = false;
    suggestCourses(query)
      // A query typed over before its results came back loads no fragments.
      .then((outcome) => (stale || !outcome ? null : outcome.load(0, SUGGESTION_LIMIT)))
      .then((hits) => {
        if (!stale && hits) setFound({ query, hits });
      })
      .catch(ignoreFailure);
    return () => {
      stale = true;
    };
  }, [query, wanted]);

  // While the next query runs, the last list stays up rather than flickering closed.
  const suggestions = wanted ? found.hits : [];
  const expanded = suggestions.length > 0;
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

  function openCourse(course: SearchHit) {
    reset();
    inputRef.current?.blur();
    router.push(courseHref(course.id));
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    closeList();
    setPanelOpen(false);
    inputRef.current?.blur();
    router.push(query ? `${searchHref}?${new URLSearchParams({ [SEARCH_PARAM]: query })}` : searchHref);
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
        aria-controls={FORM_ID}
        // Until hydration the first-paint script follows this, as the no-JavaScript link does.
        data-href={`#${FORM_ID}`}
        onClick={() => setPanelOpen((open) => !open)}
        className="inline-flex size-11 items-center justify-center rounded-full text-ink hover:bg-canvas noscript:hidden md:hidden"
      >
        {panelOpen ? <CloseIcon /> : <SearchIcon />}
      </button>
      <a
        href={`#${FORM_ID}`}
        aria-label="Search"
        className="hidden size-11 items-center justify-center rounded-full text-ink hover:bg-canvas noscript:inline-flex md:noscript:hidden"
      >
        <SearchIcon />
      </a>
      <form
        id={FORM_ID}
        role="search"
        action={`${basePath}${searchHref}`}
        method="get"
        onSubmit={submit}
        className={cn(
          'absolute inset-x-0 top-full border-b border-line bg-white px-4 py-3 shadow-md sm:px-6',
          'md:static md:flex md:w-full md:max-w-xl md:border-0 md:p-0 md:shadow-none',
          panelOpen ? 'flex' : 'hidden target:flex',
        )}
      >
        <div className="relative w-full">
          <label htmlFor={inputId} className="sr-only">
            Search courses
          </label>
          <input
            ref={inputRef}
            id={inputId}
            type="text"
            name={SEARCH_PARAM}
            value={value}
            placeholder="Search courses"
            autoComplete="off"
            enterKeyHint="search"
            role="combobox"
            aria-autocomplete="list"
            aria-expanded={expanded}
            aria-controls={listboxId}
            aria-activedescendant={activeOption ? optionId(active) : undefined}
            onFocus={() => prepareSuggestions().catch(ignoreFailure)}
            onBlur={closeList}
            onChange={(event) => {
              setValue(event.target.value);
              setListOpen(true);
              setActive(-1);
            }}
            onKeyDown={onKeyDown}
            className="h-11 w-full rounded-full border border-ink bg-canvas pr-4 pl-11 text-sm placeholder:text-ink-soft focus:bg-white"
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
            data-query={expanded ? found.query : undefined}
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
