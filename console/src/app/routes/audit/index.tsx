// /audit: auditors re-check the event log's hash chain, watch the run, and take the ledger away as a file.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AuditsTable } from '@/features/audits/components/audits-table';
import { LedgerExportForm } from '@/features/audits/components/ledger-export-form';
import { useProjects } from '@/features/projects/api/get-projects';

export default function AuditPage() {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const projects = useProjects({ keyword: keyword || undefined });
  return (
    <div className="grid gap-4">
      <div>
        <h1 className="text-xl font-semibold">{t('menu_audit')}</h1>
        <p className="text-sm text-muted-foreground">{t('audit_hint')}</p>
      </div>
      <AuditsTable />
      <LedgerExportForm projects={projects.data?.pages.flatMap((page) => page.items) ?? []} onKeyword={setKeyword} />
    </div>
  );
}
