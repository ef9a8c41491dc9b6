// The PM's commands on a sampling task, offered only as the server's `allowed` lists them: inspecting the sample, the
// next round after rework, and the decision on a task held after its last round; each command asks first, and a
// refusal is said beside them.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import { type SamplingChange, useChangeSamplingTask } from '../api/change-sampling-task';
import { FormRefusal } from '@/components/form-refusal';

/** Claiming a sample item and opening it in the editor, which the page brings. */
export interface InspectSample {
  run: (taskId: string) => void;
  pending: boolean;
  error: unknown;
}

export interface SamplingTaskActionsProps {
  taskId: string;
  version: string;
  round: number;
  allowed: string[];
  inspect?: InspectSample;
}

type Choice = 'start_round' | 'accept' | 'return';

const changeOf: Record<Choice, SamplingChange> = {
  start_round: { verb: 'start_round' },
  accept: { verb: 'decide', decision: 'accept' },
  return: { verb: 'decide', decision: 'return' },
};

export function SamplingTaskActions({ taskId, version, round, allowed, inspect }: SamplingTaskActionsProps) {
  const { t } = useTranslation();
  const change = useChangeSamplingTask(taskId, version);
  const [asking, setAsking] = useState<Choice | null>(null);
  const choices: Choice[] = [...(allowed.includes('sampling.start_round') ? (['start_round'] as const) : []), ...(allowed.includes('sampling.decide') ? (['accept', 'return'] as const) : [])];
  const inspects = inspect !== undefined && allowed.includes('sampling.claim');
  if (choices.length === 0 && !inspects) return null;
  const label = (choice: Choice) => t(`quality_sampling_${choice}`, { round: round + 1 });
  const run = (choice: Choice) => {
    setAsking(null);
    change.mutate(changeOf[choice], { onSuccess: () => toast.success(t(`quality_sampling_${choice}_done`, { round: round + 1 })) });
  };
  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap gap-2">
        {inspects && (
          <Button variant="outline" disabled={inspect.pending} onClick={() => inspect.run(taskId)}>
            {t('quality_inspect_sample')}
          </Button>
        )}
        {choices.map((choice) => (
          <Button key={choice} variant={choice === 'return' ? 'outline' : 'default'} disabled={change.isPending} onClick={() => (change.reset(), setAsking(choice))}>
            {label(choice)}
          </Button>
        ))}
      </div>
      <FormRefusal error={change.error ?? (inspects ? inspect.error : null)} shownInFields={false} />
      {asking && (
        <ConfirmDialog title={label(asking)} message={t(`quality_sampling_${asking}_confirm`, { round: round + 1 })} confirmLabel={label(asking)} onConfirm={() => run(asking)} onCancel={() => setAsking(null)} />
      )}
    </div>
  );
}
