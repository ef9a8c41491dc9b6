// /find: finding a password with a code.
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { AuthLayout } from '@/components/auth-layout';
import { FindPasswordForm } from '@/features/auth/components/find-password-form';

export default function FindPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <AuthLayout
      title={t('find_title')}
      footer={
        <Link to="/login" className="text-primary hover:underline">
          {t('register_to_login')}
        </Link>
      }
    >
      <FindPasswordForm onReset={() => navigate('/login')} />
    </AuthLayout>
  );
}
