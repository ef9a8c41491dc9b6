// The overview's system card: is each part of the platform ready.
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useReadiness } from '../api/get-readiness';

export function SystemStatus() {
  const { t } = useTranslation();
  const readiness = useReadiness();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('system_status')}</CardTitle>
      </CardHeader>
      <CardContent>
        {readiness.isPending ? (
          <Skeleton className="h-16" />
        ) : (
          <dl className="grid grid-cols-3 gap-4">
            {(['postgres', 'redis', 'migrations'] as const).map((part) => {
              const state = readiness.data?.[part] ?? 'unknown';
              return (
                <div key={part}>
                  <dt className="text-sm text-muted-foreground">{t(`system_${part}`)}</dt>
                  <dd>
                    <Badge variant={state === 'ok' ? 'success' : 'destructive'}>{t(`system_state_${state}`)}</Badge>
                  </dd>
                </div>
              );
            })}
          </dl>
        )}
      </CardContent>
    </Card>
  );
}
