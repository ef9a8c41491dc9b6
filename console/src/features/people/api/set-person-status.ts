// POST /manage/people/:id/disable and /enable.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { peopleKey } from './list-people';

export const setPersonStatus = ({ id, action }: { id: string; action: 'disable' | 'enable' }) => api.post<{ version: string }>(`/manage/people/${id}/${action}`);

export function useSetPersonStatus() {
  const client = useQueryClient();
  return useMutation({ mutationFn: setPersonStatus, onSuccess: () => client.invalidateQueries({ queryKey: peopleKey }) });
}
