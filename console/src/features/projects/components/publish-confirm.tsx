// Publishing asks first, wherever a project can be published from: it puts the project's items into their pools.
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';

export function PublishConfirm({ onCancel, onConfirm }: { onCancel: () => void; onConfirm: () => void }) {
  const { t } = useTranslation();
  return <ConfirmDialog title={t('projects_publish_title')} message={t('projects_publish_message')} confirmLabel={t('projects_publish')} onCancel={onCancel} onConfirm={onConfirm} />;
}
