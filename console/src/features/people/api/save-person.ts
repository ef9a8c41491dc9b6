// POST /manage/people and PATCH /manage/people/:id (with If-Match): the person form's two submissions.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreatePersonInput, EditPersonInput } from '@annot/workflows';
import { api } from '@/lib/api-client';
import { peopleKey } from './list-people';

export type SavePerson = { id: null; input: CreatePersonInput } | { id: string; version: string; input: EditPersonInput };

export const savePerson = (save: SavePerson): Promise<{ id?: string; version?: string }> =>
  save.id === null
    ? api.post<{ id: string }>('/manage/people', save.input)
    : api.patch<{ version: string }>(`/manage/people/${save.id}`, save.input, { 'if-match': `"${save.version}"` });

export function useSavePerson() {
  const client = useQueryClient();
  return useMutation({ mutationFn: savePerson, onSuccess: () => client.invalidateQueries({ queryKey: peopleKey }) });
}
