// An inspector's verdicts on the sample items it claimed: pass or fail, moving on to the next item it claims.
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ErrorMark } from '@annot/workflows';
import { ApiError } from '@/lib/api-client';
import { claimSampleItem } from '@/features/quality/api/claim-sample-item';
import { useSamplingTask } from '@/features/quality/api/get-sampling-task';
import { qualityKey } from '@/features/quality/api/quality-keys';
import { judgeSampleItem, releaseSampleItem } from '@/features/quality/api/sample-item-commands';
import { type GateJudging, type GateVerb, neighboursIn } from './gate-judging';

export function useSampleJudging(taskId: string, itemId: string, me: string | null): GateJudging {
  const { t } = useTranslation();
  const client = useQueryClient();
  const view = useSamplingTask(taskId);
  const task = view.data?.task;
  const sample = view.data?.sample ?? [];
  const row = sample.find((s) => s.itemId === itemId);
  const mine = sample.filter((s) => s.verdict === null && s.claimer?.id === me).map((s) => s.itemId);
  const mayJudge = task?.status === 'open' && row !== undefined && row.verdict === null && row.claimer?.id === me;

  const send = async (verb: GateVerb, marks: ErrorMark[]) => {
    try {
      if (verb === 'release') return await releaseSampleItem(taskId, itemId);
      return await judgeSampleItem(taskId, itemId, verb === 'pass' ? 'pass' : 'fail', verb === 'pass' ? [] : marks);
    } finally {
      void client.invalidateQueries({ queryKey: qualityKey });
    }
  };

  const nextToJudge = async () => {
    // Items already in my hands come first; a claim is asked for only while the sample has an item nobody holds.
    const held = mine.find((id) => id !== itemId);
    if (held) return held;
    if (!sample.some((s) => s.itemId !== itemId && s.verdict === null && s.claimer === null)) return null;
    try {
      return (await claimSampleItem(taskId)).itemId;
    } catch (error) {
      // Every sample item is judged or in another inspector's hands.
      if (error instanceof ApiError && error.code === 409) return null;
      throw error;
    } finally {
      // The item claimed now must read as mine to be judged: the view fetched after the verdict came before the claim.
      void client.invalidateQueries({ queryKey: qualityKey });
    }
  };

  return {
    pending: view.isPending,
    error: view.error,
    projectId: task?.projectId ?? null,
    caption: task ? t('judging_sampling_caption', { sequence: task.sequence, round: task.round, judged: task.judgedCount, count: task.sampleCount }) : '',
    verbs: mayJudge ? ['pass', 'reject', 'release'] : [],
    labels: { pass: t('judging_verdict_pass'), reject: t('judging_verdict_fail'), release: t('judging_release_sample') },
    marks: row?.verdict === 'fail' ? row.marks : [],
    neighbours: neighboursIn(mine, itemId),
    send,
    nextToJudge,
  };
}
