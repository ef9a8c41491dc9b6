// The PM's new export: scope (batches, links, quality gate, effectiveness), format, media, naming with a preview of
// the archive's name, and destination among those this server has; checked by the shared schema before sending.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { exportFileName, exportGates, formatsFor, exportNaming, type ExportDestinationType, type ExportFormat, type ExportGate, type ExportOptions, requestExportInput } from '@annot/workflows';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { fieldError } from '@/lib/field-errors';
import { FormRefusal } from '@/components/form-refusal';
import { type FieldErrors, serverFieldErrors, zodFieldErrors } from '@/lib/form-errors';
import { useRequestExport } from '../api/exports';
import { formatDescription, formatLabel, gateLabel } from './export-labels';
import { formatDigits } from '@/lib/numbers';

export interface ExportFormProps {
  projectId: string;
  projectTitle: string;
  /** The project's annotation type: the formats suited to it come first, the first of them chosen. */
  annotationType: string;
  options: ExportOptions;
}

const shownFields = ['naming', 'destination', 'format'];

function Choices({ legend, items, chosen, onToggle }: { legend: string; items: { id: string; name: string }[]; chosen: string[]; onToggle: (id: string, on: boolean) => void }) {
  const { t } = useTranslation();
  return (
    <fieldset className="grid gap-1">
      <legend className="text-sm font-medium">{legend}</legend>
      <p className="text-xs text-muted-foreground">{t('exports_none_is_all')}</p>
      <div className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
        {items.map((item) => (
          <label key={item.id} className="flex items-center gap-2">
            <input type="checkbox" checked={chosen.includes(item.id)} onChange={(e) => onToggle(item.id, e.target.checked)} />
            {item.name}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

export function ExportForm({ projectId, projectTitle, annotationType, options }: ExportFormProps) {
  const { t } = useTranslation();
  const request = useRequestExport(projectId);
  const formats = formatsFor(annotationType);
  const [format, setFormat] = useState<ExportFormat>(formats[0]);
  const [batchIds, setBatchIds] = useState<string[]>([]);
  const [linkIds, setLinkIds] = useState<string[]>([]);
  const [gate, setGate] = useState<ExportGate>('any');
  const [effectiveness, setEffectiveness] = useState<'valid' | 'all'>('valid');
  const [withMedia, setWithMedia] = useState(false);
  const [naming, setNaming] = useState('{project}_{format}_{date}');
  const [destination, setDestination] = useState<ExportDestinationType>('download');
  const [place, setPlace] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [refusal, setRefusal] = useState<unknown>(null);

  const changed = () => (setErrors({}), setRefusal(null));
  const toggle = (set: React.Dispatch<React.SetStateAction<string[]>>) => (id: string, on: boolean) => (set((now) => (on ? [...now, id] : now.filter((x) => x !== id))), changed());
  const batchName = batchIds.length === 1 ? (options.batches.find((b) => b.id === batchIds[0])?.name ?? 'all') : 'all';
  const preview = exportNaming.safeParse(naming).success ? exportFileName(naming, { project: projectTitle, batch: batchName, format, date: new Date() }) : null;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const target = destination === 'download' ? { type: destination } : destination === 'folder' ? { type: destination, folder: place } : { type: destination, prefix: place };
    const parsed = requestExportInput.safeParse({ format, scope: { batchIds, linkIds, gate, effectiveness }, withMedia, naming, destination: target });
    if (!parsed.success) return (setErrors(zodFieldErrors(parsed.error, t)), setRefusal(null));
    request.mutate(parsed.data, {
      onSuccess: () => (changed(), toast.success(t('exports_requested'))),
      onError: (error) => (setErrors(serverFieldErrors(error)), setRefusal(error)),
    });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('exports_new')}</CardTitle>
      </CardHeader>
      <CardContent>
        <form className="grid gap-4" onSubmit={submit} noValidate aria-label={t('exports_new')}>
          <FormField id="export-format" label={t('exports_format')} error={fieldError(errors, 'format')}>
            <Select value={format} onChange={(e) => (setFormat(e.target.value as ExportFormat), changed())}>
              {formats.map((f) => (
                <option key={f} value={f} disabled={f === 'rule_json' && !options.dataRule}>
                  {formatLabel(t, f)}
                  {f === 'rule_json' && (options.dataRule ? ` (${options.dataRule.name} v${formatDigits(options.dataRule.ruleVersion)})` : ` (${t('exports_no_rule')})`)}
                </option>
              ))}
            </Select>
          </FormField>
          <p className="-mt-2 text-sm text-muted-foreground">{formatDescription(t, format)}</p>
          <Choices legend={t('exports_batches')} items={options.batches} chosen={batchIds} onToggle={toggle(setBatchIds)} />
          <Choices legend={t('exports_links')} items={options.links} chosen={linkIds} onToggle={toggle(setLinkIds)} />
          <FormField id="export-gate" label={t('exports_gate')}>
            <Select value={gate} onChange={(e) => (setGate(e.target.value as ExportGate), changed())}>
              {exportGates.map((g) => (
                <option key={g} value={g}>
                  {gateLabel(t, g)}
                </option>
              ))}
            </Select>
          </FormField>
          <FormField id="export-effectiveness" label={t('exports_effectiveness')}>
            <Select value={effectiveness} onChange={(e) => (setEffectiveness(e.target.value as 'valid' | 'all'), changed())}>
              <option value="valid">{t('exports_valid_only')}</option>
              <option value="all">{t('exports_all_items')}</option>
            </Select>
          </FormField>
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" checked={withMedia} onChange={(e) => (setWithMedia(e.target.checked), changed())} />
            {t('exports_with_media')}
          </label>
          <FormField id="export-naming" label={t('exports_naming')} error={fieldError(errors, 'naming')}>
            <Input value={naming} onChange={(e) => (setNaming(e.target.value), changed())} />
          </FormField>
          <p className="text-xs text-muted-foreground" aria-label={t('exports_file_name')}>
            {preview ? t('exports_file_name_preview', { name: preview }) : t('exports_naming_hint')}
          </p>
          <FormField id="export-destination" label={t('exports_destination')}>
            <Select value={destination} onChange={(e) => (setDestination(e.target.value as ExportDestinationType), changed())}>
              {options.destinations.map((d) => (
                <option key={d} value={d}>
                  {t(`exports_destination_${d}`)}
                </option>
              ))}
            </Select>
          </FormField>
          {destination === 'download' && <p className="text-xs text-muted-foreground">{t('exports_kept_days', { count: options.retentionDays, days: options.retentionDays })}</p>}
          {destination !== 'download' && (
            <FormField id="export-place" label={destination === 'folder' ? t('exports_folder') : t('exports_prefix')} error={fieldError(errors, 'destination')}>
              <Input value={place} onChange={(e) => (setPlace(e.target.value), changed())} placeholder={destination === 'folder' ? 'client-a/week-1' : 'deliveries/project-x'} />
            </FormField>
          )}
          <FormRefusal error={refusal} shownInFields={shownFields.some((field) => fieldError(errors, field))} />
          <div>
            <Button type="submit" disabled={request.isPending}>
              {t('exports_start')}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
