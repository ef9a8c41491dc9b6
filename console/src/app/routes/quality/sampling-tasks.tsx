// /project/checkmanage/{id}: a project's sampling quality inspection: a new task over a batch or the last link's
// finished items, and the tasks with their rounds and pass rates.
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { useBatches } from '@/features/batches/api/batches';
import { ProjectScreen } from '@/features/projects/components/project-screen';
import { SamplingCreateForm } from '@/features/quality/components/sampling-create-form';
import { SamplingTasksTable } from '@/features/quality/components/sampling-tasks-table';
import { samplingTaskPath } from './quality-links';

export default function SamplingTasksPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const batches = useBatches(id);
  const taskPath = samplingTaskPath(id);
  return (
    <ProjectScreen id={id} manage>
      {(project) => {
        const last = project.links.at(-1);
        return (
          <>
            <h2 className="text-lg font-semibold">{t('quality_sampling_title')}</h2>
            <SamplingCreateForm
              projectId={id}
              batches={(batches.data ?? []).map(({ id: batchId, name }) => ({ id: batchId, name }))}
              lastLink={last ? { id: last.id, name: last.name } : null}
              onCreated={(taskId) => navigate(taskPath(taskId))}
            />
            <SamplingTasksTable projectId={id} taskPath={taskPath} />
          </>
        );
      }}
    </ProjectScreen>
  );
}
