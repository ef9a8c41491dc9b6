// The PM's new acceptance batches: from the eligible items of some data batches or all of them, split by number of
// batches or by single batch amount, for the client acceptors named; refusals stay in place, in the seed's words.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { type AcceptanceSplit, createAcceptanceInput } from '@annot/workflows';
import { type Choice, SearchChoices, type UseChoices } from '@/components/search-choices';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { type FieldErrors, serverFieldErrors, zodFieldErrors } from '@/lib/form-errors';
import { useCreateAcceptanceBatches } from '../api/create-acceptance-batches';
import { useAcceptanceEligible } from '../api/get-acceptance-eligible';
import { fieldError } from '@/lib/field-errors';
import { FormRefusal } from '@/components/form-refusal';

export interface AcceptanceCreateFormProps {
  projectId: string;
  /** Active client acceptors found on the server for a keyword. */
  useAcceptorChoices: UseChoices;
}

/** The fields that show their own refusals; any other refusal is said under the form. */
const shownFields = ['dataBatchIds', 'split', 'acceptorIds'];

const numberOf = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

/** How many batches a valid split makes of the selected items, as the server would cut them; null when it would refuse. */
function batchesMade(split: AcceptanceSplit, selected: number): number | null {
  if (split.by === 'number') return Number.isInteger(split.batches) && split.batches >= 1 && split.batches <= selected ? split.batches : null;
  return Number.isInteger(split.amount) && split.amount >= 1 && split.amount < selected ? Math.ceil(selected / split.amount) : null;
}

export function AcceptanceCreateForm({ projectId, useAcceptorChoices }: AcceptanceCreateFormProps) {
  const { t } = useTranslation();
  const eligible = useAcceptanceEligible(projectId);
  const create = useCreateAcceptanceBatches(projectId);
  const [chosen, setChosen] = useState<string[]>([]);
  const [by, setBy] = useState<AcceptanceSplit['by']>('number');
  const [batches, setBatches] = useState('1');
  const [amount, setAmount] = useState('');
  const [acceptors, setAcceptors] = useState<Choice[]>([]);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [refusal, setRefusal] = useState<unknown>(null);

  const byBatch = eligible.data?.byBatch ?? [];
  const selected = chosen.length === 0 ? (eligible.data?.count ?? 0) : byBatch.filter((b) => chosen.includes(b.batchId)).reduce((sum, b) => sum + b.count, 0);
  const split = (by === 'number' ? { by, batches: numberOf(batches) } : { by, amount: numberOf(amount) }) as AcceptanceSplit;
  const made = batchesMade(split, selected);

  const changed = () => (setErrors({}), setRefusal(null));
  const toggle = (batchId: string, on: boolean) => (setChosen(on ? [...chosen, batchId] : chosen.filter((id) => id !== batchId)), changed());
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = createAcceptanceInput.safeParse({ dataBatchIds: chosen, split, acceptorIds: acceptors.map((a) => a.id) });
    if (!parsed.success) return (setErrors(zodFieldErrors(parsed.error, t)), setRefusal(null));
    create.mutate(parsed.data, {
      onSuccess: ({ created, leftOut }) => {
        changed();
        setChosen([]);
        const items = created.reduce((sum, c) => sum + c.itemCount, 0);
        toast.success(t('quality_acceptance_created', { count: created.length, items, leftOut }));
      },
      onError: (error) => (setErrors(serverFieldErrors(error)), setRefusal(error)),
    });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('quality_acceptance_new')}</CardTitle>
      </CardHeader>
      <CardContent>
        <form className="grid max-w-3xl gap-4" onSubmit={submit} noValidate aria-label={t('quality_acceptance_new')}>
          <p role="status" className="text-sm">
            {eligible.isPending ? t('quality_preview_loading') : eligible.error ? t('load_failed') : t('quality_acceptance_eligible', { count: eligible.data?.count ?? 0 })}
          </p>
          <fieldset className="grid gap-1">
            <legend className="text-sm font-medium">{t('quality_acceptance_data_batches')}</legend>
            <p className="text-xs text-muted-foreground">{t('quality_acceptance_data_batches_hint')}</p>
            {eligible.isPending ? (
              <Skeleton className="h-10" />
            ) : (
              byBatch.map((batch) => (
                <label key={batch.batchId} className="flex items-center gap-2 text-sm">
                  <input type="checkbox" checked={chosen.includes(batch.batchId)} onChange={(e) => toggle(batch.batchId, e.target.checked)} />
                  {t('quality_acceptance_batch_choice', { batch: batch.batchName, count: batch.count })}
                </label>
              ))
            )}
            {fieldError(errors, 'dataBatchIds') && (
              <p role="alert" className="text-xs text-destructive">
                {fieldError(errors, 'dataBatchIds')}
              </p>
            )}
          </fieldset>
          <fieldset className="grid gap-2">
            <legend className="text-sm font-medium">{t('quality_acceptance_split')}</legend>
            <div className="flex flex-wrap items-center gap-4 text-sm">
              <label className="flex items-center gap-2">
                <input type="radio" name="acceptance-split" checked={by === 'number'} onChange={() => (setBy('number'), changed())} />
                {t('quality_acceptance_split_number')}
              </label>
              <label className="flex items-center gap-2">
                <input type="radio" name="acceptance-split" checked={by === 'amount'} onChange={() => (setBy('amount'), changed())} />
                {t('quality_acceptance_split_amount')}
              </label>
            </div>
            {by === 'number' ? (
              <FormField id="acceptance-batches" label={t('quality_acceptance_batch_number')} error={fieldError(errors, 'split')}>
                <Input className="w-32" type="number" min="1" step="1" value={batches} onChange={(e) => (setBatches(e.target.value), changed())} />
              </FormField>
            ) : (
              <FormField id="acceptance-amount" label={t('quality_acceptance_batch_amount')} error={fieldError(errors, 'split')}>
                <Input className="w-32" type="number" min="1" step="1" value={amount} onChange={(e) => (setAmount(e.target.value), changed())} />
              </FormField>
            )}
            <p className="text-sm text-muted-foreground">
              {made === null ? t('quality_acceptance_selected', { count: selected }) : t('quality_acceptance_plan', { count: made, items: selected })}
            </p>
          </fieldset>
          <div className="grid gap-1">
            <SearchChoices legend={t('quality_acceptors')} chosen={acceptors} onChange={(next) => (setAcceptors(next), changed())} useChoices={useAcceptorChoices} />
            {fieldError(errors, 'acceptorIds') && (
              <p role="alert" className="text-xs text-destructive">
                {fieldError(errors, 'acceptorIds')}
              </p>
            )}
          </div>
          <FormRefusal error={refusal} shownInFields={shownFields.some((field) => fieldError(errors, field))} />
          <div>
            <Button type="submit" disabled={create.isPending}>
              {t('quality_acceptance_create')}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
