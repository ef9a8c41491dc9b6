// POST /manage/quality/sampling/:taskId/rounds and /decide: the PM starts the next round after rework, or decides a
// task held after its last round: accept the scope as it is, or return its failed items.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DecideSamplingInput } from '@annot/workflows';
import { api } from '@/lib/api-client';
import { ifMatch, qualityManageKey } from './quality-keys';

export type SamplingChange = { verb: 'start_round' } | { verb: 'decide'; decision: DecideSamplingInput['decision'] };

/** The task's new version, with its round after a new one or its status after a decision. */
export type SamplingChanged = { version: string; round?: number; status?: string };

function send(taskId: string, version: string, change: SamplingChange): Promise<SamplingChanged> {
  if (change.verb === 'start_round') return api.command<SamplingChanged>(`/manage/quality/sampling/${taskId}/rounds`, {}, ifMatch(version));
  return api.command<SamplingChanged>(`/manage/quality/sampling/${taskId}/decide`, { decision: change.decision }, ifMatch(version));
}

export function useChangeSamplingTask(taskId: string, version: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: SamplingChange) => send(taskId, version, change),
    // A refusal may mean the task moved on: either way the screen reads it again.
    onSettled: () => client.invalidateQueries({ queryKey: qualityManageKey }),
  });
}
