// A project's sampling tasks: scope, rule, state, round of four, the counts of the current round and the last pass rate
// with its 95% interval; each opens its own page.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { samplingMaxRounds } from '@annot/workflows';
import { ListTable } from '@/components/list-table';
import { Skeleton } from '@/components/ui/skeleton';
import { TableCell, TableRow } from '@/components/ui/table';
import { useSamplingTasks } from '../api/get-sampling-tasks';
import { rateText, ruleText, SamplingStatusBadge, scopeText, taskName } from './quality-labels';
import { formatTime } from '@/lib/time';
import { formatNumber } from '@/lib/numbers';

export function SamplingTasksTable({ projectId, taskPath }: { projectId: string; taskPath: (taskId: string) => string }) {
  const { t } = useTranslation();
  const tasks = useSamplingTasks(projectId);
  if (tasks.isPending) return <Skeleton className="h-32" />;
  const rows = tasks.data ?? [];
  const headings = [
    t('quality_sampling_task'),
    t('quality_scope'),
    t('quality_rule'),
    t('quality_status'),
    t('quality_round'),
    t('quality_screening_count'),
    t('quality_sample_count'),
    t('quality_judged'),
    t('quality_last_pass_rate'),
    t('quality_submitter'),
    t('quality_created_at'),
  ];
  return (
    <ListTable headings={headings} empty={rows.length === 0} error={tasks.error}>
      {rows.map((task) => {
        const last = task.rounds.at(-1);
        return (
          <TableRow key={task.taskId}>
            <TableCell>
              <Link className="font-medium underline-offset-2 hover:underline" to={taskPath(task.taskId)}>
                {taskName(task.sequence, t)}
              </Link>
            </TableCell>
            <TableCell>{scopeText(task.scope, t)}</TableCell>
            <TableCell>{ruleText(task.rule, t)}</TableCell>
            <TableCell>
              <SamplingStatusBadge status={task.status} />
            </TableCell>
            <TableCell>{t('quality_round_of', { round: task.round, max: samplingMaxRounds })}</TableCell>
            <TableCell>{formatNumber(task.screeningCount)}</TableCell>
            <TableCell>{formatNumber(task.sampleCount)}</TableCell>
            <TableCell>{t('quality_judged_of', { judged: task.judgedCount, count: task.sampleCount })}</TableCell>
            <TableCell>{last ? rateText(last.passRate, last.interval, t) : '—'}</TableCell>
            <TableCell>{task.createdBy.name}</TableCell>
            <TableCell className="whitespace-nowrap">{formatTime(task.createdAt)}</TableCell>
          </TableRow>
        );
      })}
    </ListTable>
  );
}
