// Taking the audit ledger away: a project's slice (the whole ledger for the staff) over an optional time range, saved
// as a file that scripts/verify-ledger.mjs checks outside the platform.
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failureMessage } from '@/components/refusal';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { useCan } from '@/lib/authorization';
import { useExportLedger } from '../api/export-ledger';

export interface LedgerExportFormProps {
  /** The projects the reader may see, found by the keyword typed. */
  projects: { id: string; title: string }[];
  onKeyword: (keyword: string) => void;
}

/** A datetime-local value is the reader's own time; the server is sent the same instant in UTC. */
const instant = (local: string) => (local && !Number.isNaN(new Date(local).getTime()) ? new Date(local).toISOString() : undefined);

export function LedgerExportForm({ projects, onKeyword }: LedgerExportFormProps) {
  const { t } = useTranslation();
  const { can } = useCan();
  const whole = can('ledger.export_all');
  const [projectId, setProjectId] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const exporting = useExportLedger();
  const chosen = projectId || (whole ? '' : (projects[0]?.id ?? ''));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    exporting.mutate({ projectId: chosen || undefined, from: instant(from), to: instant(to) });
  };
  return (
    <section className="grid gap-3 rounded-md border border-border p-4" aria-label={t('ledger_export_title')}>
      <h2 className="text-base font-semibold">{t('ledger_export_title')}</h2>
      <p className="text-sm text-muted-foreground">{t('ledger_export_hint')}</p>
      <form className="flex flex-wrap items-end gap-3" onSubmit={submit}>
        <div className="grid gap-1">
          <Label htmlFor="ledger-find">{t('ledger_export_find')}</Label>
          <Input id="ledger-find" className="w-48" onChange={(e) => onKeyword(e.target.value.trim())} />
        </div>
        <div className="grid gap-1">
          <Label htmlFor="ledger-project">{t('ledger_export_scope')}</Label>
          <Select id="ledger-project" className="w-72" value={chosen} onChange={(e) => setProjectId(e.target.value)}>
            {whole && <option value="">{t('ledger_export_whole')}</option>}
            {projects.map((p) => (
              <option key={p.id} value={p.id}>
                {p.title}
              </option>
            ))}
          </Select>
        </div>
        <div className="grid gap-1">
          <Label htmlFor="ledger-from">{t('ledger_export_from')}</Label>
          <Input id="ledger-from" type="datetime-local" step={1} value={from} onChange={(e) => setFrom(e.target.value)} />
        </div>
        <div className="grid gap-1">
          <Label htmlFor="ledger-to">{t('ledger_export_to')}</Label>
          <Input id="ledger-to" type="datetime-local" step={1} value={to} onChange={(e) => setTo(e.target.value)} />
        </div>
        <Button type="submit" size="sm" disabled={exporting.isPending || (!whole && !chosen)}>
          {t('ledger_export_download')}
        </Button>
      </form>
      {exporting.error && (
        <p role="alert" className="text-sm text-destructive">
          {failureMessage(exporting.error, t)}
        </p>
      )}
      <p className="text-sm">
        {t('ledger_export_verify')} <code className="rounded bg-muted px-1">node scripts/verify-ledger.mjs ledger.ndjson</code>
      </p>
    </section>
  );
}
