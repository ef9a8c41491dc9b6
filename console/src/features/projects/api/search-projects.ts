// The projects a reader may see, searched by title on the server a page at a time, as choices; and the titles of
// projects known by id, for a list of chosen ones.
import { useQueries } from '@tanstack/react-query';
import { projectQuery, useProjects } from './get-projects';

export interface ProjectChoice {
  id: string;
  name: string;
}

export function useProjectChoices(keyword: string) {
  const found = useProjects({ keyword: keyword || undefined });
  const data: ProjectChoice[] | undefined = found.data?.pages.flatMap((page) => page.items.map((p) => ({ id: p.id, name: p.title })));
  return { data, isPending: found.isPending, error: found.error, hasNextPage: found.hasNextPage, isFetchingNextPage: found.isFetchingNextPage, fetchNextPage: found.fetchNextPage };
}

/** Each project's title once read; its id until then. */
export function useProjectTitles(ids: string[]): ProjectChoice[] {
  const projects = useQueries({ queries: ids.map((id) => projectQuery(id)) });
  return ids.map((id, i) => ({ id, name: projects[i]?.data?.title ?? id }));
}
