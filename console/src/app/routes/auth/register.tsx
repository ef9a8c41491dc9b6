// /register and /register/:type: team (20) and user (10) registration.
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useParams } from 'react-router-dom';
import { AuthLayout } from '@/components/auth-layout';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useServerConfig } from '@/lib/server-config';
import { RegisterForm } from '@/features/auth/components/register-form';

const kinds = [20, 10] as const;

export default function RegisterPage() {
  const { t } = useTranslation();
  const { type } = useParams();
  const navigate = useNavigate();
  const config = useServerConfig();
  const initial = kinds.find((k) => String(k) === type) ?? 20;
  // A private deployment has no registration.
  if (config.data?.private_deployment) return <Navigate to="/login" replace />;
  return (
    <AuthLayout
      title={t('register_title')}
      footer={
        <Link to="/login" className="text-primary hover:underline">
          {t('register_to_login')}
        </Link>
      }
    >
      <Tabs defaultValue={String(initial)} onValueChange={(value) => navigate(`/register/${value}`, { replace: true })}>
        <TabsList>
          {kinds.map((kind) => (
            <TabsTrigger key={kind} value={String(kind)}>
              {t(`register_tab_${kind}`)}
            </TabsTrigger>
          ))}
        </TabsList>
        {kinds.map((kind) => (
          <TabsContent key={kind} value={String(kind)}>
            <RegisterForm userType={kind} onRegistered={() => navigate(`/login/${kind === 20 ? 2 : 1}`)} />
          </TabsContent>
        ))}
      </Tabs>
    </AuthLayout>
  );
}
