// /project/checkmanage/{id}/task/{taskId}: one sampling task: its rounds, annotators, errors, sample and the PM's
// commands, inspecting the sample in the project's editor among them.
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { ProjectScreen } from '@/features/projects/components/project-screen';
import { useClaimSampleItem } from '@/features/quality/api/claim-sample-item';
import { SamplingTaskDetail } from '@/features/quality/components/sampling-task-detail';
import { samplingPath } from './quality-links';

export default function SamplingTaskPage() {
  const { t } = useTranslation();
  const { id = '', taskId = '' } = useParams();
  const navigate = useNavigate();
  const claim = useClaimSampleItem();
  const inspect = {
    run: (task: string) => claim.mutate(task, { onSuccess: ({ itemId }) => navigate(`/project/edit/${itemId}?sampling=${task}`) }),
    pending: claim.isPending,
    error: claim.error,
  };
  return (
    <ProjectScreen id={id} manage>
      {() => (
        <>
          <Link className="text-sm text-primary underline-offset-2 hover:underline" to={samplingPath(id)}>
            {t('quality_back_to_sampling')}
          </Link>
          <SamplingTaskDetail taskId={taskId} inspect={inspect} />
        </>
      )}
    </ProjectScreen>
  );
}
