// /audit: auditors re-check the event log's hash chain and watch the run.
import { useTranslation } from 'react-i18next';
import { AuditsTable } from '@/features/audits/components/audits-table';

export default function AuditPage() {
  const { t } = useTranslation();
  return (
    <div className="grid gap-4">
      <div>
        <h1 className="text-xl font-semibold">{t('menu_audit')}</h1>
        <p className="text-sm text-muted-foreground">{t('audit_hint')}</p>
      </div>
      <AuditsTable />
    </div>
  );
}
