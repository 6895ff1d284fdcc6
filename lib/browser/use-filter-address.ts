import 'client-only';

import { useMemo, useSyncExternalStore } from 'react';
import { filterSearch, parseFilterAddress, withFilters, type FilterAddress } from '../filters';

/*
 * The listing filters' state is the address's query (lib/filters.ts): shared and reloaded as it
 * is, walked back with the back button. A change is a history entry of its own, pushed without a
 * navigation: the page, its static listing and its scroll stay, only the query changes.
 */

const CHANGE_EVENT = 'coursely:filters';

function subscribe(listener: () => void) {
  window.addEventListener('popstate', listener);
  window.addEventListener(CHANGE_EVENT, listener);
  return () => {
    window.removeEventListener('popstate', listener);
    window.removeEventListener(CHANGE_EVENT, listener);
  };
}

const getSearch = () => window.location.search;
const getServerSearch = () => '';

/** The filters in the address bar; none on the server and while hydrating, as in the static HTML. */
export function useFilterAddress(): FilterAddress {
  const search = useSyncExternalStore(subscribe, getSearch, getServerSearch);
  return useMemo(() => parseFilterAddress(search), [search]);
}

/** Puts these filters in the address, as a new history entry on this path; other parameters stay. */
export function pushFilterAddress(address: FilterAddress): void {
  window.history.pushState(null, '', `${window.location.pathname}${withFilters(window.location.search, address)}`);
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

/** The filter part of the current address ('' without filters), for a link that keeps them. */
export function currentFilterSearch(): string {
  return filterSearch({ filters: parseFilterAddress(window.location.search).filters, page: 1 });
}
