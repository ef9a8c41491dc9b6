// Toasts for errors and confirmations, on sonner, with its labels for screen readers in the reader's language.
import { useTranslation } from 'react-i18next';
import { Toaster as Sonner } from 'sonner';

export const Toaster = () => {
  const { t } = useTranslation();
  return <Sonner position="top-center" richColors closeButton containerAriaLabel={t('toasts_label')} toastOptions={{ closeButtonAriaLabel: t('toasts_close') }} />;
};
export { toast } from 'sonner';
