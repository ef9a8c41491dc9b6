// GET /manage/quality/acceptance/projects: the acceptor's acceptance projects with their batches counted by status.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AcceptanceProjectRow } from '@annot/workflows';
import { api } from '@/lib/api-client';
import { qualityKey } from './quality-keys';

export const acceptanceProjectsQuery = () =>
  queryOptions({
    queryKey: [...qualityKey, 'acceptance', 'projects'],
    queryFn: async () => (await api.get<{ items: AcceptanceProjectRow[] }>('/manage/quality/acceptance/projects')).items,
  });

export const useAcceptanceProjects = () => useQuery(acceptanceProjectsQuery());

/** One of them, by id: the acceptor may not read the project itself. */
export const useAcceptanceProject = (projectId: string) => useQuery({ ...acceptanceProjectsQuery(), select: (rows) => rows.find((row) => row.projectId === projectId) ?? null });
