// The landing page of taggers (/tag), suppliers (/supplier) and acceptors (/checkout).
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Welcome } from '@/features/auth/components/welcome';

export default function RoleHomePage({ titleKey, emptyKey }: { titleKey: string; emptyKey: string }) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-4">
      <h1 className="text-xl font-semibold">{t(titleKey)}</h1>
      <Welcome />
      <Card>
        <CardHeader>
          <CardTitle>{t('your_projects')}</CardTitle>
        </CardHeader>
        <CardContent>
          <p className="text-sm text-muted-foreground">{t(emptyKey)}</p>
        </CardContent>
      </Card>
    </div>
  );
}
