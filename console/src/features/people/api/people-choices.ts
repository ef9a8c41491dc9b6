// Pickers' searches of people and teams: the server matches the keyword, so a person past the first page is found too.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Page, PersonView, TeamView } from '@annot/workflows';
import { api } from '@/lib/api-client';
import { peopleKey } from './list-people';
import { teamsKey } from './list-teams';

const pickerSize = 20;

/** Active accounts of one role whose name, account, phone or email holds the keyword. */
export const usePersonChoices = (role: string) =>
  function usePeopleOfRole(keyword: string) {
    return useQuery({
      queryKey: [...peopleKey, 'choices', role, keyword],
      queryFn: () => api.get<Page<PersonView>>('/manage/people', { role, status: 'active', keyword, limit: pickerSize }),
      select: (page) => page.items.map((p) => ({ id: p.id, name: `${p.name} (${p.account})` })),
      placeholderData: keepPreviousData,
    });
  };

export const useTaggerChoices = usePersonChoices('40');

/** Teams whose name or contact holds the keyword. */
export function useTeamChoices(keyword: string) {
  return useQuery({
    queryKey: [...teamsKey, keyword],
    queryFn: () => api.get<TeamView[]>('/manage/teams', { keyword }),
    select: (teams) => teams.map((team) => ({ id: team.id, name: team.name })),
    placeholderData: keepPreviousData,
  });
}
