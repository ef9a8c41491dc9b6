// GET /manage/teams: the teams (suppliers) with their sizes and members.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface TeamView {
  id: string;
  name: string;
  organisationId: string;
  hiveId: string;
  size: number;
  mobile: string;
  members: number;
  createdAt: string;
  version: string;
}

export const teamsKey = ['teams'] as const;
export const teamsQuery = (enabled = true) => queryOptions({ queryKey: teamsKey, queryFn: () => api.get<TeamView[]>('/manage/teams'), enabled });

export const useTeams = (enabled = true) => useQuery(teamsQuery(enabled));
