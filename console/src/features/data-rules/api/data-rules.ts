// /manage/data-rules: the list, one rule with its versions, and the changes a rule can go through.
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DataRuleDetail, DataRuleInput, DataRuleView } from '@annot/workflows';
import { api } from '@/lib/api-client';

const key = ['data-rules'] as const;

export const dataRulesQuery = () => queryOptions({ queryKey: key, queryFn: () => api.get<DataRuleView[]>('/manage/data-rules') });
export const dataRuleQuery = (id: string) => queryOptions({ queryKey: [...key, id], queryFn: () => api.get<DataRuleDetail>(`/manage/data-rules/${id}`) });

export const useDataRules = () => useQuery(dataRulesQuery());
/** The rules whose name holds the keyword, for pickers. */
export const useDataRuleSearch = (keyword: string) =>
  useQuery({ queryKey: [...key, 'search', keyword], queryFn: () => api.get<DataRuleView[]>('/manage/data-rules', { keyword }), placeholderData: keepPreviousData });
export const useDataRule = (id: string | null) => useQuery({ ...dataRuleQuery(id ?? ''), enabled: !!id });

export function useChangeDataRule() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: { kind: 'create'; input: DataRuleInput } | { kind: 'version'; id: string; document: unknown; note: string } | { kind: 'delete'; id: string }): Promise<{ id?: string; version?: string }> => {
      if (change.kind === 'create') return api.post('/manage/data-rules', change.input);
      if (change.kind === 'version') return api.post(`/manage/data-rules/${change.id}/versions`, { document: change.document, note: change.note });
      return api.post(`/manage/data-rules/${change.id}/delete`);
    },
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
  });
}
