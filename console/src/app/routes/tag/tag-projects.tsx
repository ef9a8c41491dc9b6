// /tag/index and /tag/going: the going projects a tagger works on, each opening its work screen and the tagger's own
// statistics, and the sampling tasks it may inspect.
import { useTranslation } from 'react-i18next';
import { Welcome } from '@/features/auth/components/welcome';
import { ProjectsTable } from '@/features/projects/components/projects-table';
import { SamplingInbox } from '@/features/quality/judging/components/sampling-inbox';
import { useCan } from '@/lib/authorization';

export default function TagProjectsPage({ titleKey, welcome }: { titleKey: string; welcome: boolean }) {
  const { t } = useTranslation();
  const { can } = useCan();
  return (
    <div className="grid gap-4">
      <h1 className="text-xl font-semibold">{t(titleKey)}</h1>
      {welcome && <Welcome />}
      <SamplingInbox editorPath={(itemId, taskId) => `/tag/edit/${itemId}?sampling=${taskId}`} />
      <ProjectsTable
        tab="going"
        manage={false}
        openPath={(project) => `/tag/datamanage/${project.id}`}
        statisticsPath={can('statistics.own') ? (project) => `/tag/sum/${project.id}` : undefined}
      />
    </div>
  );
}
