// A form that sizes shares of a pool, by count or by percent: the PM's teams on a link, or a supplier's groups. Values
// are checked with the endpoint's own schema before sending; a share left blank keeps what it has.
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ZodError } from 'zod';
import type { DistributionMode } from '@annot/workflows';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { messageKey } from '@/lib/form-errors';

export interface ShareHolder {
  id: string;
  name: string;
  /** The waiting items the share holds now: what a count starts from. */
  waiting: number;
}

export type ShareCheck<T> = (by: DistributionMode, shares: { id: string; value: number }[]) => { success: true; data: T } | { success: false; error: ZodError };

export interface ShareFormProps<T> {
  /** Names the form and prefixes its inputs' ids. */
  label: string;
  idPrefix: string;
  holders: ShareHolder[];
  /** The waiting items there are to share, shares included. */
  pool: number;
  check: ShareCheck<T>;
  onSave: (input: T) => void;
  pending: boolean;
  /** The server's refusal of the last save, shown in its own words. */
  error: unknown;
}

const startValues = (holders: ShareHolder[], by: DistributionMode) => Object.fromEntries(holders.map((h) => [h.id, by === 'count' ? String(h.waiting) : '']));

export function ShareForm<T>({ label, idPrefix, holders, pool, check, onSave, pending, error }: ShareFormProps<T>) {
  const { t } = useTranslation();
  const [by, setBy] = useState<DistributionMode>('count');
  const [values, setValues] = useState<Record<string, string>>(() => startValues(holders, 'count'));
  const [errors, setErrors] = useState<{ rows: Record<string, string>; form: string | null }>({ rows: {}, form: null });

  const changeMode = (mode: DistributionMode) => {
    setBy(mode);
    setValues(startValues(holders, mode));
    setErrors({ rows: {}, form: null });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const filled = holders.filter((h) => (values[h.id] ?? '').trim() !== '').map((h) => ({ id: h.id, value: Number(values[h.id]) }));
    if (filled.length === 0) return setErrors({ rows: {}, form: t('distribution_nothing_set') });
    const parsed = check(by, filled);
    if (parsed.success) {
      setErrors({ rows: {}, form: null });
      return onSave(parsed.data);
    }
    // Issues name a share by its place among those sent ([field, i, 'value']) or the whole list ([field]).
    const next: { rows: Record<string, string>; form: string | null } = { rows: {}, form: null };
    for (const issue of parsed.error.issues) {
      const message = t(messageKey(issue.message), { defaultValue: t('distribution_value') });
      const holder = typeof issue.path[1] === 'number' ? filled[issue.path[1]] : undefined;
      if (holder) next.rows[holder.id] ??= message;
      else next.form ??= message;
    }
    setErrors(next);
  };

  return (
    <form aria-label={label} className="grid gap-3" onSubmit={submit} noValidate>
      <div className="flex flex-wrap items-end gap-3">
        <FormField id={`${idPrefix}-by`} label={t('distribution_by')}>
          <Select className="w-40" value={by} onChange={(e) => changeMode(e.target.value as DistributionMode)}>
            <option value="count">{t('distribution_by_count')}</option>
            <option value="share">{t('distribution_by_share')}</option>
          </Select>
        </FormField>
        <p className="pb-2 text-sm text-muted-foreground">{t('distribution_pool_size', { count: pool })}</p>
      </div>
      <div className="flex flex-wrap items-start gap-3">
        {holders.map((holder) => (
          <FormField key={holder.id} id={`${idPrefix}-${holder.id}`} label={by === 'count' ? t('distribution_count_of', { name: holder.name }) : t('distribution_share_of', { name: holder.name })} error={errors.rows[holder.id]}>
            <Input
              className="w-36"
              type="number"
              min={0}
              max={by === 'share' ? 100 : undefined}
              step={by === 'count' ? 1 : 'any'}
              placeholder={by === 'share' ? t('distribution_keep') : undefined}
              value={values[holder.id] ?? ''}
              onChange={(e) => setValues({ ...values, [holder.id]: e.target.value })}
            />
          </FormField>
        ))}
      </div>
      {errors.form && (
        <p role="alert" className="text-sm text-destructive">
          {errors.form}
        </p>
      )}
      {!!error && (
        <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/5 px-3 py-2 text-sm text-destructive">
          {error instanceof Error ? error.message : t('request_fail')}
        </p>
      )}
      <div>
        <Button type="submit" disabled={pending || holders.length === 0}>
          {t('save')}
        </Button>
      </div>
    </form>
  );
}
