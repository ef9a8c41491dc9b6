// How the quality gates read on the PM's screens: names, states, rates with their intervals, times and spans.
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { AcceptanceStatus, ConfidenceInterval, SampleRule, SamplingScopeView, SamplingTaskRow } from '@annot/workflows';
import { Badge } from '@/components/ui/badge';
import { formatTime } from '@/lib/time';
import { formatPercent } from '@/lib/numbers';

type Variant = 'default' | 'success' | 'warning' | 'destructive' | 'outline';

const samplingVariant: Record<SamplingTaskRow['status'], Variant> = {
  open: 'default',
  returned_for_rework: 'warning',
  held: 'destructive',
  passed: 'success',
  decided: 'outline',
};

const acceptanceVariant: Record<AcceptanceStatus, Variant> = {
  not_accepted: 'outline',
  pending: 'outline',
  accepting: 'default',
  submitted: 'warning',
  withdrawn: 'outline',
  rejected: 'destructive',
  passed: 'success',
};

export function SamplingStatusBadge({ status }: { status: SamplingTaskRow['status'] }) {
  const { t } = useTranslation();
  return <Badge variant={samplingVariant[status]}>{t(`quality_sampling_status_${status}`)}</Badge>;
}

export function AcceptanceStatusBadge({ status }: { status: AcceptanceStatus }) {
  const { t } = useTranslation();
  return <Badge variant={acceptanceVariant[status]}>{t(`quality_acceptance_status_${status}`)}</Badge>;
}

/** A fraction 0..1 as a percent with one decimal where it matters. */
export const percentText = (fraction: number): string => formatPercent(fraction, 1);

/** A pass rate with its 95% interval, or a dash before anything is judged. */
export function rateText(rate: number | null, interval: ConfidenceInterval | null, t: TFunction): string {
  if (rate === null) return '—';
  if (!interval) return percentText(rate);
  return t('quality_rate_with_interval', { rate: percentText(rate), low: percentText(interval.low), high: percentText(interval.high) });
}

export const taskName = (sequence: number, t: TFunction): string => t('quality_sampling_task_name', { sequence });
export const batchName = (sequence: number, t: TFunction): string => t('quality_acceptance_batch_name', { sequence });

export function scopeText(scope: SamplingScopeView, t: TFunction): string {
  if (scope.kind === 'batch') return t('quality_scope_batch_named', { batch: scope.batchName });
  return t(scope.since ? 'quality_scope_link_between' : 'quality_scope_link_until', { link: scope.linkName, since: formatTime(scope.since), until: formatTime(scope.until) });
}

export const ruleText = (rule: SampleRule, t: TFunction): string => (rule.by === 'ratio' ? t('quality_rule_ratio_value', { ratio: rule.ratio }) : t('quality_rule_count_value', { count: rule.count }));

/** A span as a person reads it: seconds, minutes or hours. */
export function durationText(seconds: number | null, t: TFunction): string {
  if (seconds === null) return '—';
  if (seconds < 60) return t('quality_seconds', { value: Math.round(seconds) });
  if (seconds < 3600) return t('quality_minutes', { value: Math.round(seconds / 60) });
  return t('quality_hours', { value: Math.round((seconds / 3600) * 10) / 10 });
}
