// The annotation rule before the first claim: open it, read it (its text or its PDF) for its countdown, then the claim
// form appears.
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PdfFrame } from '@/components/pdf-frame';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useOpenRule, useRuleReading } from '../api/rule-reading';
import { CommandRefusal } from './command-refusal';
import { remainingText } from './deadline-countdown';

export function RuleReadingGate({ projectId, children }: { projectId: string; children: ReactNode }) {
  const { t } = useTranslation();
  const reading = useRuleReading(projectId);
  const open = useOpenRule(projectId);
  const [now, setNow] = useState(() => Date.now());
  const readyAt = reading.data?.readyAt ?? null;
  useEffect(() => {
    if (!readyAt) return;
    const timer = setInterval(() => setNow(Date.now()), 500);
    return () => clearInterval(timer);
  }, [readyAt]);

  if (reading.isPending) return <Skeleton className="h-24" />;
  // Without a rule, or once it was read long enough, the work itself.
  if (!reading.data?.required || (reading.data.opened && (!readyAt || Date.parse(readyAt) <= now))) return <>{children}</>;
  const left = readyAt ? remainingText(readyAt, now) : null;
  return (
    <Card aria-label={t('items_rule_title')}>
      <CardHeader>
        <CardTitle>
          {t('items_rule_title')}
          {reading.data.name ? `: ${reading.data.name}` : ''}
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">
        {reading.data.opened ? (
          <>
            {/* Rule HTML is sanitized by the server before it is stored. */}
            {reading.data.html && <div className="[&_h2]:text-lg [&_h2]:font-semibold [&_ol]:list-decimal [&_ol]:ps-5 [&_ul]:list-disc [&_ul]:ps-5" dangerouslySetInnerHTML={{ __html: reading.data.html }} />}
            {reading.data.fileName && <PdfFrame path={`/manage/items/projects/${projectId}/rule-readings/file`} name={reading.data.fileName} version={reading.data.ruleVersion} />}
            <p role="status" className="text-sm text-muted-foreground">
              {t('items_rule_countdown', { left: left ?? '00:00' })}
            </p>
          </>
        ) : (
          <>
            <p className="text-sm text-muted-foreground">{t('items_rule_first', { count: reading.data.countdownSeconds, seconds: reading.data.countdownSeconds })}</p>
            <Button className="w-fit" onClick={() => open.mutate()} disabled={open.isPending}>
              {t('items_rule_open')}
            </Button>
          </>
        )}
        <CommandRefusal error={open.error ?? reading.error} />
      </CardContent>
    </Card>
  );
}
