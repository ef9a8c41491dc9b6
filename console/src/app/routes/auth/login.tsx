// /login and /login/:type: the four sign-in tabs; after sign-in each role lands where the seed sends it.
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { landingPath } from '@annot/workflows';
import { AuthLayout } from '@/components/auth-layout';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { saveToken, savePerson } from '@/lib/auth-token';
import { useServerConfig } from '@/lib/server-config';
import { LoginForm } from '@/features/auth/components/login-form';

const tabs = [1, 2, 3, 4] as const;

export default function LoginPage() {
  const { t } = useTranslation();
  const { type } = useParams();
  const navigate = useNavigate();
  const client = useQueryClient();
  const config = useServerConfig();
  const initial = tabs.find((tab) => String(tab) === type) ?? 1;
  return (
    <AuthLayout
      title={t('login_title')}
      footer={
        <div className="flex gap-4">
          {!config.data?.private_deployment && <Link to="/register" className="text-primary hover:underline">{t('login_to_register')}</Link>}
          <Link to="/find" className="text-primary hover:underline">
            {t('login_to_find')}
          </Link>
        </div>
      }
    >
      <Tabs defaultValue={String(initial)} onValueChange={(value) => navigate(`/login/${value}`, { replace: true })}>
        <TabsList>
          {tabs.map((tab) => (
            <TabsTrigger key={tab} value={String(tab)}>
              {t(`login_tab_${tab}`)}
            </TabsTrigger>
          ))}
        </TabsList>
        {tabs.map((tab) => (
          <TabsContent key={tab} value={String(tab)}>
            <LoginForm
              tab={tab}
              onSignedIn={(token, info) => {
                saveToken(token);
                savePerson(info);
                client.clear();
                navigate(landingPath(info.role), { replace: true });
              }}
            />
          </TabsContent>
        ))}
      </Tabs>
    </AuthLayout>
  );
}
