// Any path the console does not have.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <div className="grid place-items-center gap-2 py-16 text-center">
      <h1 className="text-2xl font-semibold">404</h1>
      <p className="text-muted-foreground">{t('not_found')}</p>
      <Link to="/" className="text-primary hover:underline">
        {t('back_home')}
      </Link>
    </div>
  );
}
