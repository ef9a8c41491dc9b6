// /manage/annotation-rules: the list, one rule with its versions and citations, and the changes it can go through.
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AnnotationRuleDetail, AnnotationRuleInput, AnnotationRuleVersion, AnnotationRuleView } from '@annot/workflows';

export type { AnnotationRuleVersion };
import { api, request } from '@/lib/api-client';

const key = ['annotation-rules'] as const;

export const annotationRulesQuery = () => queryOptions({ queryKey: key, queryFn: () => api.get<AnnotationRuleView[]>('/manage/annotation-rules') });
export const annotationRuleQuery = (id: string) =>
  queryOptions({ queryKey: [...key, id], queryFn: () => api.get<AnnotationRuleDetail>(`/manage/annotation-rules/${id}`) });

export const useAnnotationRules = () => useQuery(annotationRulesQuery());
/** The rules whose name holds the keyword, for pickers. */
export const useAnnotationRuleSearch = (keyword: string) =>
  useQuery({ queryKey: [...key, 'search', keyword], queryFn: () => api.get<AnnotationRuleView[]>('/manage/annotation-rules', { keyword }), placeholderData: keepPreviousData });
export const useAnnotationRule = (id: string | null) => useQuery({ ...annotationRuleQuery(id ?? ''), enabled: !!id });

export type RuleChange = { kind: 'create'; input: AnnotationRuleInput } | { kind: 'richtext'; id: string; html: string; note: string } | { kind: 'pdf'; id: string; file: File; note: string };

export function useChangeAnnotationRule() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (change: RuleChange): Promise<{ id?: string; version?: string }> => {
      if (change.kind === 'create') return api.post('/manage/annotation-rules', change.input);
      if (change.kind === 'richtext') return api.post(`/manage/annotation-rules/${change.id}/versions`, { html: change.html, note: change.note });
      const form = new FormData();
      form.append('file', change.file);
      form.append('note', change.note);
      return (await request<{ version: string }>('POST', `/manage/annotation-rules/${change.id}/versions/pdf`, { body: form })).data;
    },
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
  });
}
