// /manage/projects: one tab of the list a page at a time, the counts per status, and one project's detail.
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { Page, ProjectCounts, ProjectDetail, ProjectSummary } from '@annot/workflows';
import { api } from '@/lib/api-client';
import { isUuid } from '@/lib/ids';

export const projectsKey = ['projects'] as const;

export type ProjectTab = 'release' | 'going' | 'finish';
export interface ProjectFilter {
  /** Without a tab, projects of every status. */
  tab?: ProjectTab;
  keyword?: string;
  type?: string;
}

export const projectsQuery = (filter: ProjectFilter) =>
  infiniteQueryOptions({
    queryKey: [...projectsKey, 'list', filter],
    queryFn: ({ pageParam }) => api.get<Page<ProjectSummary>>('/manage/projects', { ...filter, limit: 20, cursor: pageParam }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export const projectCountsQuery = () => queryOptions({ queryKey: [...projectsKey, 'counts'], queryFn: () => api.get<ProjectCounts>('/manage/projects/counts') });
export const projectQuery = (id: string) => queryOptions({ queryKey: [...projectsKey, 'detail', id], queryFn: () => api.get<ProjectDetail>(`/manage/projects/${id}`) });

export const useProjects = (filter: ProjectFilter) => useInfiniteQuery(projectsQuery(filter));
export const useProjectCounts = () => useQuery(projectCountsQuery());
export const useProject = (id: string | null) => useQuery({ ...projectQuery(id ?? ''), enabled: isUuid(id) });
