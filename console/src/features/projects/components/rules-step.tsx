// The wizard's rule step: the cited annotation rule version, its countdown and reread flag, and the import/export rule.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProjectRules } from '@annot/workflows';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import type { FieldErrors } from '@/lib/form-errors';

export interface RuleChoice {
  id: string;
  name: string;
  latestVersion: number;
}

export interface RulesStepProps {
  annotationRules: RuleChoice[];
  dataRules: RuleChoice[];
  initial: ProjectRules | null;
  serverErrors: FieldErrors;
  saving: boolean;
  onSave: (rules: ProjectRules) => void;
}

export function RulesStep({ annotationRules, dataRules, initial, serverErrors, saving, onSave }: RulesStepProps) {
  const { t } = useTranslation();
  const [ruleId, setRuleId] = useState(initial?.annotationRule.ruleId ?? '');
  const [ruleVersion, setRuleVersion] = useState(initial?.annotationRule.ruleVersion ?? 0);
  const [dataRuleId, setDataRuleId] = useState(initial?.dataRule?.ruleId ?? '');
  const [countdown, setCountdown] = useState(initial?.countdownSeconds ?? 0);
  const [reread, setReread] = useState(initial?.rereadByAnnotator ?? false);
  const [error, setError] = useState<string | null>(null);
  const chosenRule = annotationRules.find((r) => r.id === ruleId);
  const versions = chosenRule ? Array.from({ length: chosenRule.latestVersion }, (_, i) => chosenRule.latestVersion - i) : [];

  const save = () => {
    if (!chosenRule || ruleVersion < 1) return setError(t('projects_rule_required'));
    setError(null);
    const dataRule = dataRules.find((r) => r.id === dataRuleId);
    onSave({
      annotationRule: { ruleId, ruleVersion },
      countdownSeconds: countdown,
      rereadByAnnotator: reread,
      dataRule: dataRule && dataRule.latestVersion > 0 ? { ruleId: dataRule.id, ruleVersion: dataRule.latestVersion } : null,
    });
  };

  return (
    <div className="grid max-w-2xl gap-3">
      <FormField id="annotationRule" label={t('projects_annotation_rule')} error={error ?? serverErrors.annotationRule}>
        <Select
          value={ruleId}
          onChange={(e) => {
            setRuleId(e.target.value);
            setRuleVersion(annotationRules.find((r) => r.id === e.target.value)?.latestVersion ?? 0);
          }}
        >
          <option value="">{t('choose')}</option>
          {annotationRules.map((rule) => (
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
              v{v}
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
      <FormField id="dataRule" label={t('projects_data_rule')} error={serverErrors.dataRule}>
        <Select value={dataRuleId} onChange={(e) => setDataRuleId(e.target.value)}>
          <option value="">{t('none')}</option>
          {dataRules
            .filter((r) => r.latestVersion > 0)
            .map((rule) => (
              <option key={rule.id} value={rule.id}>
                {rule.name} · v{rule.latestVersion}
              </option>
            ))}
        </Select>
      </FormField>
      <div>
        <Button type="button" disabled={saving} onClick={save}>
          {t('projects_save_step')}
        </Button>
      </div>
    </div>
  );
}
