// The sampling tasks a tagger may inspect: each with its round and progress, "Inspect sample" to claim an item and
// judge it in the editor, and the items already in its hands to go back to. The gate's claim machine, without
// takeovers, says where a claim stands.
import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import type { MySamplingTask } from '@annot/workflows';
import { ListTable } from '@/components/list-table';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { TableCell, TableRow } from '@/components/ui/table';
import { useClaimSampleItem } from '@/features/quality/api/claim-sample-item';
import { useMySampling } from '@/features/quality/api/get-my-sampling';
import { ApiError } from '@/lib/api-client';
import { formatDigits, formatNumber } from '@/lib/numbers';
import { gateClaimMachine, type GateClaimEvent } from '../machines/gate-claim.machine';

export interface SamplingInboxProps {
  /** Only this project's tasks, on the project's own work screen. */
  projectId?: string;
  /** Where a sample item opens in the editor. */
  editorPath: (itemId: string, taskId: string) => string;
}

export function SamplingInbox({ projectId, editorPath }: SamplingInboxProps) {
  const { t } = useTranslation();
  const tasks = useMySampling();
  const rows = (tasks.data ?? []).filter((task) => !projectId || task.projectId === projectId);
  // An inspector with nothing to inspect is not shown an empty card on the work screen.
  if (rows.length === 0 && !tasks.error) return null;
  return (
    <Card aria-label={t('judging_sampling_inbox')}>
      <CardHeader>
        <CardTitle>{t('judging_sampling_inbox')}</CardTitle>
      </CardHeader>
      <CardContent>
        <ListTable headings={[t('judging_project'), t('judging_round'), t('judging_judged'), t('judging_unclaimed'), t('judging_in_hand'), t('actions')]} empty={rows.length === 0} error={tasks.error}>
          {rows.map((task) => (
            <SamplingTaskRow key={task.taskId} task={task} editorPath={editorPath} />
          ))}
        </ListTable>
      </CardContent>
    </Card>
  );
}

function SamplingTaskRow({ task, editorPath }: { task: MySamplingTask; editorPath: SamplingInboxProps['editorPath'] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const claim = useClaimSampleItem();
  const actor = useActorRef(gateClaimMachine, { input: { takeover: false } });
  const idle = useSelector(actor, (snapshot) => snapshot.matches('idle'));
  const refused = useSelector(actor, (snapshot) => snapshot.context.refusal);
  // Claiming the task's last free item may take its row off the list before the answer comes.
  const tell = (event: GateClaimEvent) => actor.getSnapshot().status === 'active' && actor.send(event);
  // The promise, not mutate's callbacks, which are dropped for an unmounted caller.
  const inspect = () => {
    actor.send({ type: 'claim.start' });
    claim.mutateAsync(task.taskId).then(
      ({ itemId }) => (tell({ type: 'claim.claimed' }), navigate(editorPath(itemId, task.taskId))),
      (error: unknown) => tell({ type: 'claim.refused', message: error instanceof ApiError ? error.message : t('request_fail') }),
    );
  };
  return (
    <TableRow>
      <TableCell className="font-medium">{task.projectName}</TableCell>
      <TableCell>{formatDigits(task.round)}</TableCell>
      <TableCell>{t('judging_judged_of', { judged: task.judgedCount, count: task.sampleCount })}</TableCell>
      <TableCell>{formatNumber(task.unclaimed)}</TableCell>
      <TableCell>
        {task.mine.length === 0 ? (
          '—'
        ) : (
          <ul className="flex flex-wrap gap-1">
            {task.mine.map((itemId, i) => (
              <li key={itemId}>
                <Link className="text-sm underline-offset-2 hover:underline" to={editorPath(itemId, task.taskId)} aria-label={t('judging_resume_sample_named', { project: task.projectName, n: i + 1 })}>
                  {t('judging_resume_sample', { n: i + 1 })}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </TableCell>
      <TableCell>
        <div className="flex flex-wrap items-center gap-1">
          <Button size="sm" disabled={!idle || (task.unclaimed === 0 && task.mine.length === 0)} aria-label={t('judging_inspect_sample_named', { project: task.projectName })} onClick={inspect}>
            {t('judging_inspect_sample')}
          </Button>
          {refused && (
            <span role="alert" className="text-xs text-destructive">
              {refused}
            </span>
          )}
        </div>
      </TableCell>
    </TableRow>
  );
}
