import 'client-only';
import { SEARCH_PARAM } from '@/lib/routes';

/**
 * Runs on the search page before its results area is parsed (app/search/page.tsx): without a
 * query there is nothing to wait for, so it marks the wrapper `data-search="intro"` and the first
 * paint is the intro that hydration renders (the same test as SearchResults: `q` missing or blank).
 */
export function markSearchIntro(script: HTMLOrSVGScriptElement | null, search: string) {
  const wrapper = script?.parentElement;
  if (!wrapper) throw new Error("The search page's intro script stands outside the page's wrapper");
  if (!(new URLSearchParams(search).get(SEARCH_PARAM) ?? '').trim()) wrapper.dataset.search = 'intro';
}
