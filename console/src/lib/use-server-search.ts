// A list narrowed by a keyword on the server: the full list until something is typed, then the server's answer for it.
import { useState } from 'react';
import { useDebounced } from './use-debounced';

export type UseFound<T> = (keyword: string) => { data?: T[] };

export function useServerSearch<T extends { id: string }>(all: T[], useFound: UseFound<T>) {
  const [keyword, setKeyword] = useState('');
  const searched = useDebounced(keyword.trim());
  const found = useFound(searched);
  const shown = searched ? (found.data ?? []) : all;
  /** A chosen entry stays known by its id even when the current search does not return it. */
  const byId = (id: string): T | undefined => shown.find((e) => e.id === id) ?? all.find((e) => e.id === id) ?? found.data?.find((e) => e.id === id);
  return { keyword, setKeyword, shown, byId };
}
