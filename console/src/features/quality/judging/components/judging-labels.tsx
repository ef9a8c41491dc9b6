// How verdicts and their outcomes read on the judging screens, one badge each; states, names and times read as on the PM's screens.
import { useTranslation } from 'react-i18next';
import type { AcceptanceOutcome, AcceptanceVerdict } from '@annot/workflows';
import { Badge } from '@/components/ui/badge';

export function VerdictBadge({ verdict }: { verdict: AcceptanceVerdict | null }) {
  const { t } = useTranslation();
  if (!verdict) return <Badge variant="outline">{t('judging_not_judged')}</Badge>;
  return <Badge variant={verdict === 'pass' ? 'success' : 'destructive'}>{t(`judging_verdict_${verdict}`)}</Badge>;
}

export function OutcomeText({ outcome }: { outcome: AcceptanceOutcome | null }) {
  const { t } = useTranslation();
  return <span className="text-sm text-muted-foreground">{outcome ? t(`judging_outcome_${outcome}`) : '—'}</span>;
}
