// Import/export data rules: the list, a rule's versions, and a JSON editor that adds a version.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { dataRuleInput } from '@annot/workflows';
import { Button } from '@/components/ui/button';
import { ListDetail } from '@/components/list-detail';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { type FieldErrors, reportFormError, zodFieldErrors } from '@/lib/form-errors';
import { useChangeDataRule, useDataRule, useDataRules } from '../api/data-rules';
import { formatTime } from '@/lib/time';
import { formatDigits } from '@/lib/numbers';

const example = { direction: 'export', format: 'coco', fieldMapping: {}, coordinates: { origin: 'top_left', unit: 'pixel', boxFormat: 'xywh', precision: 2 } };

function NewRuleForm({ onCreated }: { onCreated: (id: string) => void }) {
  const { t } = useTranslation();
  const change = useChangeDataRule();
  const [form, setForm] = useState({ name: '', description: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  return (
    <form
      className="grid gap-2"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const parsed = dataRuleInput.safeParse(form);
        if (!parsed.success) return setErrors(zodFieldErrors(parsed.error, t));
        change.mutate({ kind: 'create', input: parsed.data }, { onSuccess: (r) => onCreated(r.id!), onError: (e) => reportFormError(e, setErrors, t) });
      }}
    >
      <FormField id="rule-name" label={t('rules_name')} error={errors.name}>
        <Input value={form.name} onChange={(e) => setForm({ ...form, name: e.target.value })} />
      </FormField>
      <FormField id="rule-description" label={t('rules_description')}>
        <Input value={form.description} onChange={(e) => setForm({ ...form, description: e.target.value })} />
      </FormField>
      <Button type="submit" disabled={change.isPending}>
        {t('rules_new')}
      </Button>
    </form>
  );
}

function RuleVersions({ id }: { id: string }) {
  const { t } = useTranslation();
  const rule = useDataRule(id);
  const change = useChangeDataRule();
  const [text, setText] = useState(JSON.stringify(example, null, 2));
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  if (rule.isPending) return <Skeleton className="h-40" />;
  const add = () => {
    let document: unknown;
    try {
      document = JSON.parse(text);
    } catch {
      return setErrors({ document: t('rules_json_invalid') });
    }
    setErrors({});
    change.mutate({ kind: 'version', id, document, note }, { onSuccess: () => toast.success(t('saved')), onError: (e) => reportFormError(e, setErrors, t) });
  };
  const documentErrors = Object.entries(errors).filter(([field]) => field.startsWith('document'));
  return (
    <div className="grid gap-4">
      <FormField id="rule-document" label={t('rules_document')} error={documentErrors.map(([field, message]) => `${field}: ${message}`).join('\n') || undefined}>
        <textarea className="min-h-56 w-full rounded-md border border-border bg-card p-2 font-mono text-xs" value={text} onChange={(e) => setText(e.target.value)} spellCheck={false} />
      </FormField>
      <FormField id="rule-note" label={t('rules_note')}>
        <Input value={note} onChange={(e) => setNote(e.target.value)} />
      </FormField>
      <div>
        <Button onClick={add} disabled={change.isPending}>
          {t('rules_add_version')}
        </Button>
      </div>
      <h3 className="font-semibold">{t('rules_versions')}</h3>
      {(rule.data?.versions ?? []).length === 0 && <p className="text-sm text-muted-foreground">{t('empty')}</p>}
      {(rule.data?.versions ?? []).map((version) => (
        <details key={version.ruleVersion} className="rounded-md border border-border p-2 text-sm">
          <summary>
            v{formatDigits(version.ruleVersion)} · {formatTime(version.createdAt)} {version.note && `· ${version.note}`}
          </summary>
          <pre className="mt-2 overflow-auto text-xs">{JSON.stringify(version.document, null, 2)}</pre>
        </details>
      ))}
    </div>
  );
}

export function DataRulesPanel() {
  const { t } = useTranslation();
  const rules = useDataRules();
  const [selected, setSelected] = useState<string | null>(null);
  return (
    <ListDetail
      title={t('rules_list')}
      items={rules.data ?? []}
      selected={selected}
      onSelect={setSelected}
      label={(rule) => (
        <>
          {rule.name} <span className="text-xs text-muted-foreground">v{formatDigits(rule.latestVersion)}</span>
        </>
      )}
      addForm={<NewRuleForm onCreated={setSelected} />}
      detail={(id) => <RuleVersions key={id} id={id} />}
      placeholder={t('rules_pick')}
      error={rules.error}
    />
  );
}
