// GET /manage/people: accounts of a role, newest first, a page at a time.
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { Page, PersonView } from '@annot/workflows';
import { api } from '@/lib/api-client';

export interface PeopleFilter {
  role?: string;
  status?: string;
  keyword?: string;
}

export const peopleKey = ['people'] as const;

export const peopleQuery = (filter: PeopleFilter) =>
  infiniteQueryOptions({
    queryKey: [...peopleKey, filter],
    queryFn: ({ pageParam }) => api.get<Page<PersonView>>('/manage/people', { ...filter, limit: 20, cursor: pageParam }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export const usePeople = (filter: PeopleFilter) => useInfiniteQuery(peopleQuery(filter));
