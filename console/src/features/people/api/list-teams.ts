// GET /manage/teams: the teams (suppliers) with their sizes and members.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TeamView } from '@annot/workflows';
import { api } from '@/lib/api-client';

export type { TeamView };

export const teamsKey = ['teams'] as const;
export const teamsQuery = (enabled = true) => queryOptions({ queryKey: teamsKey, queryFn: () => api.get<TeamView[]>('/manage/teams'), enabled });

export const useTeams = (enabled = true) => useQuery(teamsQuery(enabled));
