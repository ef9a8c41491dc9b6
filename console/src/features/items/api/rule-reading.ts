// GET and POST /manage/items/projects/:projectId/rule-readings: the annotation rule to read before claiming, and its
// countdown, started by opening it.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RuleReadingView } from '@annot/workflows';
import { api } from '@/lib/api-client';

export type RuleReading = RuleReadingView;

const readingKey = (projectId: string) => ['items', 'rule-reading', projectId] as const;

export const ruleReadingQuery = (projectId: string) =>
  queryOptions({ queryKey: readingKey(projectId), queryFn: () => api.get<RuleReading>(`/manage/items/projects/${projectId}/rule-readings`) });

export const useRuleReading = (projectId: string) => useQuery(ruleReadingQuery(projectId));

export function useOpenRule(projectId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<RuleReading>(`/manage/items/projects/${projectId}/rule-readings`),
    onSuccess: (reading) => client.setQueryData(readingKey(projectId), reading),
  });
}
