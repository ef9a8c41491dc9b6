// The wizard's rule step: the cited annotation rule version, its countdown and reread flag, the import/export rule, each
// rule searched on the server, and the error groups the project's marks name.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ProjectRules, projectErrorGroups } from '@annot/workflows';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import type { FieldErrors } from '@/lib/form-errors';
import { type UseFound, useServerSearch } from '@/lib/use-server-search';
import { formatDigits } from '@/lib/numbers';

export interface RuleChoice {
  id: string;
  name: string;
  latestVersion: number;
}

export interface ErrorGroupChoice {
  id: string;
  name: string;
}

export interface RulesStepProps {
  annotationRules: RuleChoice[];
  errorGroups: ErrorGroupChoice[];
  dataRules: RuleChoice[];
  useAnnotationRuleChoices: UseFound<RuleChoice>;
  useDataRuleChoices: UseFound<RuleChoice>;
  initial: ProjectRules | null;
  serverErrors: FieldErrors;
  saving: boolean;
  onSave: (rules: ProjectRules) => void;
}

function SearchBox({ label, value, onChange }: { label: string; value: string; onChange: (value: string) => void }) {
  return <Input type="search" aria-label={label} placeholder={label} className="h-8 w-64" value={value} onChange={(e) => onChange(e.target.value)} />;
}

export function RulesStep({ annotationRules, errorGroups, dataRules, useAnnotationRuleChoices, useDataRuleChoices, initial, serverErrors, saving, onSave }: RulesStepProps) {
  const { t } = useTranslation();
  const [ruleId, setRuleId] = useState(initial?.annotationRule.ruleId ?? '');
  const [ruleVersion, setRuleVersion] = useState(initial?.annotationRule.ruleVersion ?? 0);
  const [dataRuleId, setDataRuleId] = useState(initial?.dataRule?.ruleId ?? '');
  const [countdown, setCountdown] = useState(initial?.countdownSeconds ?? 0);
  const [reread, setReread] = useState(initial?.rereadByAnnotator ?? false);
  const [errorGroupIds, setErrorGroupIds] = useState<string[]>(initial?.errorGroupIds ?? []);
  // What the mark dialog will offer, by the rule the server lists and checks marks with.
  const offered = projectErrorGroups(errorGroups, { errorGroupIds });
  const groupError = Object.entries(serverErrors).find(([field]) => field.startsWith('errorGroupIds'))?.[1];
  const choose = (id: string, chosen: boolean) => setErrorGroupIds((ids) => (chosen ? [...ids, id] : ids.filter((other) => other !== id)));
  const [error, setError] = useState<string | null>(null);
  const ruleSearch = useServerSearch(annotationRules, useAnnotationRuleChoices);
  const dataRuleSearch = useServerSearch(dataRules, useDataRuleChoices);
  const chosenRule = ruleSearch.byId(ruleId);
  // The chosen rule stays an option whatever the search box holds.
  const withChosen = (shown: RuleChoice[], chosen: RuleChoice | undefined) => (chosen && !shown.some((r) => r.id === chosen.id) ? [chosen, ...shown] : shown);
  const versions = chosenRule ? Array.from({ length: chosenRule.latestVersion }, (_, i) => chosenRule.latestVersion - i) : [];

  const save = () => {
    if (!chosenRule || ruleVersion < 1) return setError(t('projects_rule_required'));
    setError(null);
    const dataRule = dataRuleSearch.byId(dataRuleId);
    onSave({
      annotationRule: { ruleId, ruleVersion },
      countdownSeconds: countdown,
      rereadByAnnotator: reread,
      dataRule: dataRule && dataRule.latestVersion > 0 ? { ruleId: dataRule.id, ruleVersion: dataRule.latestVersion } : null,
      errorGroupIds,
    });
  };

  return (
    <div className="grid max-w-2xl gap-3">
      <SearchBox label={t('search_annotation_rules')} value={ruleSearch.keyword} onChange={ruleSearch.setKeyword} />
      <FormField id="annotationRule" label={t('projects_annotation_rule')} error={error ?? serverErrors.annotationRule}>
        <Select
          value={ruleId}
          onChange={(e) => {
            setRuleId(e.target.value);
            setRuleVersion(ruleSearch.byId(e.target.value)?.latestVersion ?? 0);
          }}
        >
          <option value="">{t('choose')}</option>
          {withChosen(ruleSearch.shown, chosenRule).map((rule) => (
            <option key={rule.id} value={rule.id}>
              {rule.name}
            </option>
          ))}
        </Select>
      </FormField>
      <FormField id="ruleVersion" label={t('projects_rule_version')}>
        <Select value={String(ruleVersion)} onChange={(e) => setRuleVersion(Number(e.target.value))}>
          {versions.map((v) => (
            <option key={v} value={v}>
              v{formatDigits(v)}
            </option>
          ))}
        </Select>
      </FormField>
      <FormField id="countdownSeconds" label={t('projects_countdown')} error={serverErrors.countdownSeconds}>
        <Input type="number" min="0" value={countdown} onChange={(e) => setCountdown(Number(e.target.value))} />
      </FormField>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={reread} onChange={(e) => setReread(e.target.checked)} />
        {t('projects_reread')}
      </label>
      <SearchBox label={t('search_data_rules')} value={dataRuleSearch.keyword} onChange={dataRuleSearch.setKeyword} />
      <FormField id="dataRule" label={t('projects_data_rule')} error={serverErrors.dataRule}>
        <Select value={dataRuleId} onChange={(e) => setDataRuleId(e.target.value)}>
          <option value="">{t('none')}</option>
          {withChosen(dataRuleSearch.shown, dataRuleSearch.byId(dataRuleId))
            .filter((r) => r.latestVersion > 0)
            .map((rule) => (
              <option key={rule.id} value={rule.id}>
                {rule.name} · v{formatDigits(rule.latestVersion)}
              </option>
            ))}
        </Select>
      </FormField>
      <fieldset className="grid gap-1">
        <legend className="text-sm font-medium">{t('projects_error_groups')}</legend>
        <div className="flex flex-wrap gap-x-4 gap-y-1">
          {errorGroups.map((group) => (
            <label key={group.id} className="flex items-center gap-2 text-sm">
              <input type="checkbox" checked={errorGroupIds.includes(group.id)} onChange={(e) => choose(group.id, e.target.checked)} />
              {group.name}
            </label>
          ))}
        </div>
        <p className="text-xs text-muted-foreground">
          {errorGroupIds.length === 0 ? t('projects_error_groups_required') : t('projects_error_groups_offered', { names: offered.map((g) => g.name).join(t('list_separator')) })}
        </p>
        {groupError && <p className="text-sm text-destructive">{groupError}</p>}
      </fieldset>
      <div>
        <Button type="button" disabled={saving} onClick={save}>
          {t('projects_save_step')}
        </Button>
      </div>
    </div>
  );
}
