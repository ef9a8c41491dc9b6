// One sampling task as the PM follows it: where it stands, the PM's commands when the task waits for them, each round's
// pass rate with its interval, every annotator's rate, the errors by property group, and the current sample.
import { lazy, Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { samplingMaxRounds } from '@annot/workflows';
import { RefusalNotice, refusalOf } from '@/components/refusal';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useSamplingTask } from '../api/get-sampling-task';
import { rateText, ruleText, SamplingStatusBadge, scopeText, taskName } from './quality-labels';
import { SampleItemsTable } from './sample-items-table';
import { SamplingAnnotatorsTable } from './sampling-annotators-table';
import { SamplingRoundsTable } from './sampling-rounds-table';
import { type InspectSample, SamplingTaskActions } from './sampling-task-actions';
import { formatTime } from '@/lib/time';
import { formatNumber } from '@/lib/numbers';

const SamplingCharts = lazy(() => import('./sampling-charts'));

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-xs text-muted-foreground">{term}</dt>
      <dd className="text-sm">{children}</dd>
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

export function SamplingTaskDetail({ taskId, inspect }: { taskId: string; inspect?: InspectSample }) {
  const { t } = useTranslation();
  const view = useSamplingTask(taskId);
  if (view.isPending) return <Skeleton className="h-64" />;
  if (view.error) {
    const refusal = refusalOf(view.error);
    return refusal ? <RefusalNotice refusal={refusal} /> : <p role="alert">{t('load_failed')}</p>;
  }
  const { task, sample, annotators, errors, allowed } = view.data;
  const groupNames = new Map(errors.map((e) => [e.errorGroupId, e.groupName ?? undefined]));
  const current = task.judgedCount > 0 ? task.passedCount / task.judgedCount : null;
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="text-lg font-semibold">{taskName(task.sequence, t)}</h2>
        <SamplingStatusBadge status={task.status} />
      </div>
      <dl className="grid grid-cols-2 gap-3 md:grid-cols-4">
        <Fact term={t('quality_scope')}>{scopeText(task.scope, t)}</Fact>
        <Fact term={t('quality_rule')}>{ruleText(task.rule, t)}</Fact>
        <Fact term={t('quality_pass_threshold')}>{t('quality_threshold_value', { threshold: task.passThreshold })}</Fact>
        <Fact term={t('quality_round')}>{t('quality_round_of', { round: task.round, max: samplingMaxRounds })}</Fact>
        <Fact term={t('quality_screening_count')}>{formatNumber(task.screeningCount)}</Fact>
        <Fact term={t('quality_sample_count')}>{formatNumber(task.sampleCount)}</Fact>
        <Fact term={t('quality_judged')}>{t('quality_judged_of', { judged: task.judgedCount, count: task.sampleCount })}</Fact>
        <Fact term={t('quality_current_pass_rate')}>{rateText(current, null, t)}</Fact>
        <Fact term={t('quality_submitter')}>{task.createdBy.name}</Fact>
        <Fact term={t('quality_created_at')}>{formatTime(task.createdAt)}</Fact>
      </dl>
      <SamplingTaskActions taskId={task.taskId} version={task.version} round={task.round} allowed={allowed} inspect={inspect} />
      <Suspense fallback={<Skeleton className="h-64" />}>
        <SamplingCharts task={task} errors={errors} />
      </Suspense>
      <Section title={t('quality_rounds')}>
        <SamplingRoundsTable rounds={task.rounds} passThreshold={task.passThreshold} />
      </Section>
      <Section title={t('quality_annotators')}>
        <SamplingAnnotatorsTable annotators={annotators} />
      </Section>
      <Section title={t('quality_current_sample', { round: task.round })}>
        <SampleItemsTable sample={sample} groupName={(id) => groupNames.get(id)} />
      </Section>
    </div>
  );
}
