// Algorithm calls, newest first: what each was called on, where it stands with live progress, its counts and
// latency, why it waits or stopped, and the items that failed with their reasons; the admin stops or restarts it.
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AlgorithmCallView } from '@annot/workflows';
import { ListTable } from '@/components/list-table';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Progress } from '@/components/ui/progress';
import { TableCell, TableRow } from '@/components/ui/table';
import { useCan } from '@/lib/authorization';
import { useAlgorithmCalls, useCallItems, useSteerAlgorithmCall } from '../api/algorithms';
import { msLabel, nameIn, statusLabel, statusTone } from './algorithm-labels';
import { formatTime } from '@/lib/time';

function FailedItems({ callId, columns }: { callId: string; columns: number }) {
  const { t } = useTranslation();
  const items = useCallItems(callId, 'failed', true);
  return (
    <TableRow>
      <TableCell colSpan={columns} className="bg-muted/30">
        <ul className="grid gap-1 text-xs" aria-label={t('algorithms_failed_items')}>
          {(items.data ?? []).map((item) => (
            <li key={item.itemId}>
              <span className="font-mono">{item.fileName}</span>: {item.reason}
            </li>
          ))}
        </ul>
      </TableCell>
    </TableRow>
  );
}

function CallActions({ call }: { call: AlgorithmCallView }) {
  const { t } = useTranslation();
  const steer = useSteerAlgorithmCall();
  const { can } = useCan();
  if (!can('algorithm.call')) return null;
  if (call.status === 'running' || call.status === 'waiting') {
    return (
      <Button size="sm" variant="outline" disabled={steer.isPending} onClick={() => steer.mutate({ callId: call.id, action: 'stop' })}>
        {t('algorithms_stop')}
      </Button>
    );
  }
  if (call.status === 'stopped') {
    return (
      <Button size="sm" variant="outline" disabled={steer.isPending} onClick={() => steer.mutate({ callId: call.id, action: 'restart' })}>
        {t('algorithms_restart')}
      </Button>
    );
  }
  return null;
}

export function CallsTable({ calls, showProject }: { calls: AlgorithmCallView[]; showProject: boolean }) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState<string | null>(null);
  const headings = [
    t('algorithms_requested_at'),
    t('algorithms_algorithm'),
    ...(showProject ? [t('algorithms_project')] : []),
    t('algorithms_scope'),
    t('algorithms_call_status'),
    t('algorithms_counts'),
    t('algorithms_latency'),
    '',
  ];
  return (
    <div className="overflow-x-auto">
      <ListTable headings={headings} empty={calls.length === 0}>
        {calls.map((call) => {
          const sent = call.items - call.control;
          const done = call.answered + call.failed + call.skipped;
          return (
            <Fragment key={call.id}>
              <TableRow data-testid="algorithm-call">
                <TableCell className="whitespace-nowrap">{formatTime(call.requestedAt)}</TableCell>
                <TableCell>
                  {nameIn(i18n.language, call.algorithmName)} {call.version}
                </TableCell>
                {showProject && <TableCell>{call.projectTitle}</TableCell>}
                <TableCell>{call.scopeName}</TableCell>
                <TableCell className="min-w-40">
                  <Badge variant={statusTone[call.status]}>{statusLabel(t, call.status)}</Badge>
                  {(call.status === 'running' || call.status === 'waiting') && <Progress className="mt-1" value={sent > 0 ? (done / sent) * 100 : 0} aria-label={t('algorithms_progress')} />}
                  {call.reason && <div className="mt-1 text-xs text-destructive">{call.reason}</div>}
                </TableCell>
                <TableCell className="min-w-56 text-xs tabular-nums">
                  {t('algorithms_counts_value', { items: call.items, control: call.control, answered: call.answered, failed: call.failed, skipped: call.skipped, pending: call.pending, objects: call.objects, count: call.objects })}
                </TableCell>
                <TableCell className="whitespace-nowrap text-xs tabular-nums">
                  p50 {msLabel(call.latencyMs.p50)} · p90 {msLabel(call.latencyMs.p90)} · p99 {msLabel(call.latencyMs.p99)}
                </TableCell>
                <TableCell className="flex gap-2">
                  <CallActions call={call} />
                  {call.failed > 0 && (
                    <Button size="sm" variant="ghost" aria-expanded={open === call.id} onClick={() => setOpen(open === call.id ? null : call.id)}>
                      {t('algorithms_failed_items')}
                    </Button>
                  )}
                </TableCell>
              </TableRow>
              {open === call.id && <FailedItems callId={call.id} columns={headings.length} />}
            </Fragment>
          );
        })}
      </ListTable>
    </div>
  );
}

/** The calls of a project or of an algorithm, or all of them, kept fresh while any is at work. */
export function AlgorithmCalls({ projectId, algorithmId }: { projectId?: string; algorithmId?: string }) {
  const { t } = useTranslation();
  const calls = useAlgorithmCalls({ projectId, algorithmId });
  return (
    <section className="grid gap-2" aria-label={t('algorithms_calls')}>
      <h2 className="text-base font-semibold">{t('algorithms_calls')}</h2>
      {calls.error ? <p role="alert">{t('load_failed')}</p> : <CallsTable calls={calls.data ?? []} showProject={!projectId} />}
    </section>
  );
}
