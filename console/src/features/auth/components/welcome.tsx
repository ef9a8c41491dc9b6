// Greets the signed-in person with their role.
import { useTranslation } from 'react-i18next';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useUserInfo } from '@/lib/user-info';

export function Welcome() {
  const { t } = useTranslation();
  const user = useUserInfo();
  if (!user.data) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('welcome', { name: user.data.name })}</CardTitle>
        <CardDescription>
          {t(`role_${user.data.role}`)} · {user.data.account}
        </CardDescription>
      </CardHeader>
    </Card>
  );
}
