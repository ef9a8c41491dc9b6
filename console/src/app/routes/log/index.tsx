// /log/index: the management log, of every project or of one chosen; an auditor's choices and rows are its projects'.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { HistoryTable } from '@/features/history/components/history-table';
import { useProjects } from '@/features/projects/api/get-projects';

export default function LogPage() {
  const { t } = useTranslation();
  const [projectId, setProjectId] = useState('');
  const projects = useProjects({});
  const choices = projects.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <div className="grid gap-4">
      <h1 className="text-xl font-semibold">{t('menu_management_log')}</h1>
      <div className="grid max-w-xs gap-1">
        <Label htmlFor="log-project">{t('log_project')}</Label>
        <Select id="log-project" value={projectId} onChange={(e) => setProjectId(e.target.value)}>
          <option value="">{t('log_all_projects')}</option>
          {choices.map((p) => (
            <option key={p.id} value={p.id}>
              {p.title}
            </option>
          ))}
        </Select>
      </div>
      {/* A new project starts at the first page. */}
      <HistoryTable key={projectId} projectId={projectId || undefined} />
    </div>
  );
}
