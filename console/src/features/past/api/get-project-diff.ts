// GET /manage/past/projects/:projectId/diff: the items of a project that changed between two moments, page by page;
// every page after the first asks for the two moments the first was read at, so "now" stays one moment.
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { ProjectDiffPage } from '@annot/workflows';
import { api } from '@/lib/api-client';
import { isUuid } from '@/lib/ids';
import { pastKey } from './get-item-as-of';
import { type MomentChoice, momentToken } from './moment';

export interface ProjectDiffFilter {
  linkId?: string;
  personId?: string;
  batchId?: string;
  afterAcceptance?: boolean;
}

export const projectDiffPageSize = 20;

export const projectDiffQuery = (projectId: string, from: MomentChoice, to: MomentChoice, filter: ProjectDiffFilter) =>
  infiniteQueryOptions({
    queryKey: [...pastKey, 'project-diff', projectId, momentToken(from), momentToken(to), filter],
    queryFn: ({ pageParam }) =>
      api.get<ProjectDiffPage>(`/manage/past/projects/${projectId}/diff`, {
        from: pageParam?.from ?? momentToken(from),
        to: pageParam?.to ?? momentToken(to),
        linkId: filter.linkId,
        personId: filter.personId,
        batchId: filter.batchId,
        afterAcceptance: filter.afterAcceptance ? 'true' : undefined,
        limit: projectDiffPageSize,
        cursor: pageParam?.cursor,
      }),
    initialPageParam: undefined as { cursor: string; from: string; to: string } | undefined,
    getNextPageParam: (last) => (last.nextCursor ? { cursor: last.nextCursor, from: last.from, to: last.to } : undefined),
    // Two moments in the past never change; a diff with "now" is read again when the reader comes back.
    staleTime: from.kind === 'now' || to.kind === 'now' ? 0 : Infinity,
  });

export const useProjectDiff = (projectId: string, from: MomentChoice, to: MomentChoice | null, filter: ProjectDiffFilter) =>
  useInfiniteQuery({ ...projectDiffQuery(projectId, from, to ?? { kind: 'now' }, filter), enabled: isUuid(projectId) && to !== null });
