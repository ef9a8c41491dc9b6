// GET /manage/people/:id: one account, for the edit form.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PersonView } from '@annot/workflows';
import { api } from '@/lib/api-client';
import { isUuid } from '@/lib/ids';
import { peopleKey } from './list-people';

export const personQuery = (id: string) => queryOptions({ queryKey: [...peopleKey, 'one', id], queryFn: () => api.get<PersonView>(`/manage/people/${id}`) });

export const usePerson = (id: string | undefined) => useQuery({ ...personQuery(id ?? ''), enabled: isUuid(id) });
