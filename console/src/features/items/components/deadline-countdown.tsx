// The time left on a claim before auto-recycle takes it back, ticking each second; nothing when there is no deadline.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDigits } from '@/lib/numbers';

const pad = (n: number) => formatDigits(n, 2);

export function remainingText(deadline: string, now: number): string | null {
  const left = Math.floor((Date.parse(deadline) - now) / 1000);
  if (left <= 0) return null;
  const hours = Math.floor(left / 3600);
  return `${hours > 0 ? `${formatDigits(hours)}:` : ''}${pad(Math.floor((left % 3600) / 60))}:${pad(left % 60)}`;
}

export function DeadlineCountdown({ deadline }: { deadline: string | null }) {
  const { t } = useTranslation();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!deadline) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [deadline]);
  if (!deadline) return <span className="text-muted-foreground">{t('items_no_deadline')}</span>;
  const left = remainingText(deadline, now);
  return <span className={left ? 'tabular-nums' : 'text-destructive'}>{left ?? t('items_deadline_passed')}</span>;
}
