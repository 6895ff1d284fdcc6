import { useSyncExternalStore } from 'react';
import { assetPath } from './routes';
import type { SearchEntry } from './search';

export type SearchIndexState =
  { status: 'idle' | 'loading' | 'error'; entries: null } | { status: 'ready'; entries: readonly SearchEntry[] };

const IDLE: SearchIndexState = { status: 'idle', entries: null };

/*
 * One copy per page, shared by the navbar field and the search page: the file is requested
 * at most once (again only after a failure), and whoever asks later gets it from memory.
 */
let state: SearchIndexState = IDLE;
let request: Promise<readonly SearchEntry[]> | null = null;
const listeners = new Set<() => void>();

function setState(next: SearchIndexState) {
  state = next;
  for (const listener of listeners) listener();
}

/** Starts loading /search-index.json unless it is loaded or on its way; resolves with the entries. */
export function loadSearchIndex(): Promise<readonly SearchEntry[]> {
  if (request) return request;
  setState({ status: 'loading', entries: null });
  request = fetch(assetPath('/search-index.json'))
    .then((response) => {
      if (!response.ok) throw new Error(`Search index: HTTP ${response.status}`);
      return response.json() as Promise<SearchEntry[]>;
    })
    .then(
      (entries) => {
        setState({ status: 'ready', entries });
        return entries;
      },
      (error: unknown) => {
        request = null;
        setState({ status: 'error', entries: null });
        throw error;
      },
    );
  return request;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The search index as it loads. 'idle' on the server and until someone calls `loadSearchIndex()`. */
export function useSearchIndex(): SearchIndexState {
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => IDLE,
  );
}
