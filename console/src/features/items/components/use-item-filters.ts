// The item list's filters kept in the page's address, so a filtered list can be linked and survives a reload; a value
// the server would refuse is left out rather than sent.
import { useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { itemListQuery } from '@annot/workflows';
import type { ItemsFilter } from '../api/get-items';

/** Each filter's name in the address and the query field whose schema checks it. */
export const filterParams = {
  link: 'linkId',
  status: 'status',
  batch: 'batchId',
  effectiveness: 'effectiveness',
  claimer: 'claimerId',
  team: 'teamId',
  rework: 'rework',
} as const;

export type FilterParam = keyof typeof filterParams;

export interface ItemFilterState {
  /** The link whose tab is open, when the address names one. */
  linkId: string | undefined;
  filter: Omit<ItemsFilter, 'linkId' | 'mine'>;
  /** The raw value of each filter, for the controls. */
  values: Record<FilterParam, string>;
  set: (param: FilterParam, value: string) => void;
  /** Every filter but the open link's tab. */
  clear: () => void;
}

export function useItemFilters(): ItemFilterState {
  const [params, setParams] = useSearchParams();
  // Each change builds on the one before, not on what the last render saw (the router's updater gets the latter, so
  // clearing the filters and choosing one before the page draws again brought the cleared ones back); and it replaces
  // the address: a filter is a choice in place, not a step the back button should walk through.
  const latest = useRef(params);
  latest.current = params;
  const change = (edit: (next: URLSearchParams) => void) => {
    const next = new URLSearchParams(latest.current);
    edit(next);
    latest.current = next;
    setParams(next, { replace: true });
  };
  const checked = (param: FilterParam): string | undefined => {
    const value = params.get(param) ?? undefined;
    return itemListQuery.shape[filterParams[param]].safeParse(value).success ? value : undefined;
  };
  const values = Object.fromEntries(Object.keys(filterParams).map((p) => [p, checked(p as FilterParam) ?? ''])) as Record<FilterParam, string>;
  const rework = checked('rework');
  return {
    linkId: checked('link'),
    filter: {
      status: checked('status') as ItemsFilter['status'],
      batchId: checked('batch'),
      effectiveness: checked('effectiveness') as ItemsFilter['effectiveness'],
      claimerId: checked('claimer'),
      teamId: checked('team'),
      rework: rework === undefined ? undefined : rework === 'true',
    },
    values,
    set: (param, value) => change((next) => (value ? next.set(param, value) : next.delete(param))),
    clear: () => change((next) => Object.keys(filterParams).forEach((param) => param !== 'link' && next.delete(param))),
  };
}
