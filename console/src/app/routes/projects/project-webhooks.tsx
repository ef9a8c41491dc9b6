// /project/webhooks/{id}: a project's signed webhooks: registering one (its secret shown once), their state, each
// one's form, replay button and delivery log.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { ProjectScreen } from '@/features/projects/components/project-screen';
import { WebhookForm } from '@/features/webhooks/components/webhook-form';
import { WebhookSecret } from '@/features/webhooks/components/webhook-secret';
import { WebhooksTable } from '@/features/webhooks/components/webhooks-table';

export default function ProjectWebhooksPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const [secret, setSecret] = useState<string | null>(null);
  return (
    <ProjectScreen id={id} manage>
      {() => (
        <>
          <h2 className="text-lg font-semibold">{t('webhooks_title')}</h2>
          <p className="text-sm text-muted-foreground">{t('webhooks_intro')}</p>
          {secret && <WebhookSecret secret={secret} onDismiss={() => setSecret(null)} />}
          <div className="grid items-start gap-4 xl:grid-cols-[minmax(22rem,1fr)_2fr]">
            <Card>
              <CardHeader>
                <CardTitle>{t('webhooks_register')}</CardTitle>
              </CardHeader>
              <CardContent>
                <WebhookForm projectId={id} onSecret={setSecret} onDone={() => undefined} />
              </CardContent>
            </Card>
            <WebhooksTable projectId={id} onSecret={setSecret} />
          </div>
        </>
      )}
    </ProjectScreen>
  );
}
