// An acceptor's verdicts on the items of the batch it holds: pass or reject, moving on to the next item without one.
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ErrorMark } from '@annot/workflows';
import { acceptanceBatchQuery, useAcceptanceBatch } from '@/features/quality/api/get-acceptance-batch';
import { judgeAcceptanceItem } from '@/features/quality/api/judge-acceptance-item';
import { qualityKey } from '@/features/quality/api/quality-keys';
import { type GateJudging, type GateVerb, neighboursIn } from './gate-judging';

export function useAcceptanceJudging(batchId: string, itemId: string, me: string | null): GateJudging {
  const { t } = useTranslation();
  const client = useQueryClient();
  const view = useAcceptanceBatch(batchId);
  const batch = view.data?.batch;
  const items = view.data?.items ?? [];
  const row = items.find((i) => i.itemId === itemId);
  const mayJudge = batch?.status === 'accepting' && batch.claimer?.id === me && row !== undefined && (view.data?.allowed ?? []).includes('acceptance.judge');

  const send = async (verb: GateVerb, marks: ErrorMark[]) => {
    try {
      return await judgeAcceptanceItem(batchId, itemId, verb === 'pass' ? 'pass' : 'reject', verb === 'pass' ? [] : marks);
    } finally {
      void client.invalidateQueries({ queryKey: qualityKey });
    }
  };

  // The first item after this one (round to the start) still without a verdict; this one has just been given one.
  // Read afresh: verdicts given moments ago may not have reached the page's copy yet.
  const nextToJudge = async () => {
    const { items } = await client.fetchQuery({ ...acceptanceBatchQuery(batchId), staleTime: 0 });
    const index = items.findIndex((i) => i.itemId === itemId);
    const after = [...items.slice(index + 1), ...items.slice(0, Math.max(index, 0))];
    return after.find((i) => i.verdict === null)?.itemId ?? null;
  };

  return {
    pending: view.isPending,
    error: view.error,
    projectId: batch?.projectId ?? null,
    caption: batch ? t('judging_acceptance_caption', { sequence: batch.sequence, judged: batch.judgedCount, count: batch.itemCount }) : '',
    verbs: mayJudge ? ['pass', 'reject'] : [],
    labels: { pass: t('judging_verdict_pass'), reject: t('judging_verdict_reject'), release: t('items_verb_release') },
    marks: row?.verdict === 'reject' ? row.marks : [],
    neighbours: neighboursIn(
      items.map((i) => i.itemId),
      itemId,
    ),
    send,
    nextToJudge,
  };
}
