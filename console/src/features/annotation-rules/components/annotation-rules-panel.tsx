// Annotation rules: the list, a rule's versions with citations and previews, and a new version as rich text or a PDF.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { annotationRuleInput, ruleFileMaxBytes } from '@annot/workflows';
import { Button } from '@/components/ui/button';
import { ListDetail } from '@/components/list-detail';
import { PdfFrame } from '@/components/pdf-frame';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { type FieldErrors, reportFormError, zodFieldErrors } from '@/lib/form-errors';
import { type AnnotationRuleVersion, useAnnotationRule, useAnnotationRules, useChangeAnnotationRule } from '../api/annotation-rules';
import { RichTextEditor } from './rich-text-editor';
import { formatTime } from '@/lib/time';
import { formatDigits } from '@/lib/numbers';

function NewRuleForm({ onCreated }: { onCreated: (id: string) => void }) {
  const { t } = useTranslation();
  const change = useChangeAnnotationRule();
  const [form, setForm] = useState({ name: '', configId: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  return (
    <form
      className="grid gap-2"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const parsed = annotationRuleInput.safeParse(form);
        if (!parsed.success) return setErrors(zodFieldErrors(parsed.error, t));
        change.mutate({ kind: 'create', input: parsed.data }, { onSuccess: (r) => onCreated(r.id!), onError: (e) => reportFormError(e, setErrors, t) });
      }}
    >
      <FormField id="tag-rule-name" label={t('rules_name')} error={errors.name}>
        <Input value={form.name} onChange={(e) => setForm({ ...form, name: e.target.value })} />
      </FormField>
      <FormField id="tag-rule-config" label={t('rules_config_id')} error={errors.configId}>
        <Input value={form.configId} onChange={(e) => setForm({ ...form, configId: e.target.value })} />
      </FormField>
      <Button type="submit" disabled={change.isPending}>
        {t('rules_new')}
      </Button>
    </form>
  );
}

function VersionView({ version }: { version: AnnotationRuleVersion }) {
  const { t } = useTranslation();
  return (
    <details className="rounded-md border border-border p-2 text-sm">
      <summary>
        v{formatDigits(version.ruleVersion)} · {t(`rules_kind_${version.kind}`)} · {formatTime(version.createdAt)} · {t('rules_cited_by', { count: version.citedBy.length })}
        {version.note && ` · ${version.note}`}
      </summary>
      {/* Rule HTML is sanitized by the server before it is stored. */}
      {version.kind === 'richtext' && <div className="mt-2 [&_h2]:text-lg [&_h2]:font-semibold [&_ol]:list-decimal [&_ol]:ps-5 [&_ul]:list-disc [&_ul]:ps-5" dangerouslySetInnerHTML={{ __html: version.html ?? '' }} />}
      {version.kind === 'pdf' && version.fileId && <PdfFrame path={`/manage/annotation-rules/files/${version.fileId}`} name={version.fileName ?? 'rule.pdf'} />}
    </details>
  );
}

function RuleDetail({ id }: { id: string }) {
  const { t } = useTranslation();
  const rule = useAnnotationRule(id);
  const change = useChangeAnnotationRule();
  const [html, setHtml] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  if (rule.isPending) return <Skeleton className="h-40" />;
  const saved = { onSuccess: () => toast.success(t('saved')), onError: (e: unknown) => reportFormError(e, setErrors, t) };
  return (
    <div className="grid gap-4">
      <Tabs defaultValue="richtext">
        <TabsList>
          <TabsTrigger value="richtext">{t('rules_kind_richtext')}</TabsTrigger>
          <TabsTrigger value="pdf">{t('rules_kind_pdf')}</TabsTrigger>
        </TabsList>
        <TabsContent value="richtext" className="grid gap-2">
          <RichTextEditor onChange={setHtml} />
          {errors.html && <p role="alert" className="text-xs text-destructive">{errors.html}</p>}
          <div>
            <Button disabled={change.isPending} onClick={() => change.mutate({ kind: 'richtext', id, html, note }, saved)}>
              {t('rules_add_version')}
            </Button>
          </div>
        </TabsContent>
        <TabsContent value="pdf" className="grid gap-2">
          <FormField id="tag-rule-file" label={t('rules_pdf_file')} error={errors.file}>
            <Input type="file" accept="application/pdf" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
          </FormField>
          <div>
            <Button
              disabled={change.isPending}
              onClick={() => {
                if (!file) return setErrors({ file: t('catalog_rule_file_empty') });
                if (file.size >= ruleFileMaxBytes) return setErrors({ file: t('catalog_rule_file_too_large') });
                change.mutate({ kind: 'pdf', id, file, note }, saved);
              }}
            >
              {t('rules_upload_pdf')}
            </Button>
          </div>
        </TabsContent>
      </Tabs>
      <FormField id="tag-rule-note" label={t('rules_note')}>
        <Input value={note} onChange={(e) => setNote(e.target.value)} />
      </FormField>
      <h3 className="font-semibold">{t('rules_versions')}</h3>
      {(rule.data?.versions ?? []).length === 0 && <p className="text-sm text-muted-foreground">{t('empty')}</p>}
      {(rule.data?.versions ?? []).map((version) => (
        <VersionView key={version.ruleVersion} version={version} />
      ))}
    </div>
  );
}

export function AnnotationRulesPanel() {
  const { t } = useTranslation();
  const rules = useAnnotationRules();
  const [selected, setSelected] = useState<string | null>(null);
  return (
    <ListDetail
      title={t('rules_list')}
      items={rules.data ?? []}
      selected={selected}
      onSelect={setSelected}
      label={(rule) => (
        <>
          {rule.name} <span className="text-xs text-muted-foreground">{rule.configId} · v{formatDigits(rule.latestVersion)}</span>
        </>
      )}
      addForm={<NewRuleForm onCreated={setSelected} />}
      detail={(id) => <RuleDetail key={id} id={id} />}
      placeholder={t('rules_pick')}
      error={rules.error}
    />
  );
}
