// GET, POST, PATCH and delete of the simple catalog entries: /manage/error-groups and /manage/invalid-reasons.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ErrorGroupInput, InvalidReasonInput } from '@annot/workflows';
import { api } from '@/lib/api-client';

export type EntryPath = '/manage/error-groups' | '/manage/invalid-reasons';
export type EntryView<T> = T & { id: string; version: string; updatedAt: string };
export type ErrorGroupView = EntryView<ErrorGroupInput>;
export type InvalidReasonView = EntryView<InvalidReasonInput>;

export const entriesQuery = <T>(path: EntryPath) => queryOptions({ queryKey: ['catalog-entries', path], queryFn: () => api.get<EntryView<T>[]>(path) });

export const useEntries = <T>(path: EntryPath) => useQuery(entriesQuery<T>(path));

export function useSaveEntry<T>(path: EntryPath) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ entry, input }: { entry: EntryView<T> | null; input: T }) =>
      entry ? api.patch(`${path}/${entry.id}`, input, { 'if-match': `"${entry.version}"` }) : api.post(path, input),
    onSuccess: () => client.invalidateQueries({ queryKey: entriesQuery(path).queryKey }),
  });
}

export function useDeleteEntry(path: EntryPath) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post(`${path}/${id}/delete`),
    onSuccess: () => client.invalidateQueries({ queryKey: entriesQuery(path).queryKey }),
  });
}
