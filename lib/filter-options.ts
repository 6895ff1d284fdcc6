import {
  FIXED_VALUES,
  LENGTH_BANDS,
  PRICE_BANDS,
  RATING_BANDS,
  type Band,
  type FilterKey,
  type FilterOption,
} from './filters';
import { formatWholePrice } from './money';

/*
 * The filter panel's choices with their labels. Apart from lib/filters.ts because the Price labels
 * are written in the shop's money (lib/money.ts): the panel's chunk loads it, while a page that
 * only reads the filters of its address (the search page, a category's listing) does not.
 */

/** A Price band's label in the shop's money: 'Under $10', '$10 to $15', '20 € & up'. */
export function priceBandLabel({ min, max }: Band): string {
  if (max === undefined) return `${formatWholePrice(min)} & up`;
  return min === 0 ? `Under ${formatWholePrice(max)}` : `${formatWholePrice(min)} to ${formatWholePrice(max)}`;
}

/** The choices known before the index is read, labelled; languages come from the index itself. */
const FIXED_OPTIONS: Partial<Record<FilterKey, readonly FilterOption[]>> = {
  rating: RATING_BANDS,
  price: PRICE_BANDS.map((band) => ({ value: band.value, label: priceBandLabel(band) })),
  level: FIXED_VALUES.level?.map((level) => ({ value: level, label: level })),
  length: LENGTH_BANDS,
};

/**
 * The choices of a group, in the panel's order: the fixed ones, or the index's values sorted by
 * name. Level and Length have none until the catalogue gives some course a level or a length.
 */
export function groupOptions(key: FilterKey, indexed: readonly string[] = []): FilterOption[] {
  const fixed = FIXED_OPTIONS[key];
  if (fixed) return (key === 'level' || key === 'length') && indexed.length === 0 ? [] : [...fixed];
  return [...indexed].sort((a, b) => a.localeCompare(b, 'en')).map((value) => ({ value, label: value }));
}
