// /checkout and /checkout/index: the acceptor's landing, its acceptance projects with their batches counted by status.
import { useTranslation } from 'react-i18next';
import { Welcome } from '@/features/auth/components/welcome';
import { AcceptanceProjectsTable } from '@/features/quality/judging/components/acceptance-projects-table';
import { checkoutLinks } from './checkout-links';

export default function CheckoutProjectsPage() {
  const { t } = useTranslation();
  return (
    <div className="grid gap-4">
      <h1 className="text-xl font-semibold">{t('menu_acceptance_projects')}</h1>
      <Welcome />
      <AcceptanceProjectsTable links={checkoutLinks} />
    </div>
  );
}
