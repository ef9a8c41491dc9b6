// The PM's word on an acceptance batch, offered only as the server's `allowed` lists it: pass, reject or withdraw,
// each asked first; a refusal is said beside them.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import { acceptanceVerbs, type AcceptanceVerb, useDecideAcceptanceBatch } from '../api/decide-acceptance-batch';
import { FormRefusal } from '@/components/form-refusal';

export interface AcceptanceBatchActionsProps {
  batchId: string;
  version: string;
  /** The batch as the PM knows it, for the buttons and the question. */
  name: string;
  allowed: string[];
}

export function AcceptanceBatchActions({ batchId, version, name, allowed }: AcceptanceBatchActionsProps) {
  const { t } = useTranslation();
  const decide = useDecideAcceptanceBatch(batchId, version);
  const [asking, setAsking] = useState<AcceptanceVerb | null>(null);
  const verbs = acceptanceVerbs.filter((verb) => allowed.includes(`acceptance.${verb}`));
  if (verbs.length === 0) return null;
  const run = (verb: AcceptanceVerb) => {
    setAsking(null);
    decide.mutate(verb, { onSuccess: () => toast.success(t(`quality_acceptance_${verb}_done`, { batch: name })) });
  };
  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap gap-2">
        {verbs.map((verb) => (
          <Button key={verb} variant={verb === 'pass' ? 'default' : 'outline'} disabled={decide.isPending} onClick={() => (decide.reset(), setAsking(verb))}>
            {t(`quality_acceptance_${verb}`)}
          </Button>
        ))}
      </div>
      <FormRefusal error={decide.error} shownInFields={false} />
      {asking && (
        <ConfirmDialog
          title={t(`quality_acceptance_${asking}_title`, { batch: name })}
          message={t(`quality_acceptance_${asking}_confirm`, { batch: name })}
          confirmLabel={t(`quality_acceptance_${asking}`)}
          onConfirm={() => run(asking)}
          onCancel={() => setAsking(null)}
        />
      )}
    </div>
  );
}
