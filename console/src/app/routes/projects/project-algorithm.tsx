// /project/algorithm/{id}: a project's algorithm config and its calls; the admin calls on one of its batches or links.
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { CallForm } from '@/features/algorithms/components/call-form';
import { AlgorithmCalls } from '@/features/algorithms/components/calls-table';
import { ProjectAlgorithmConfig } from '@/features/algorithms/components/project-algorithm-config';
import { ProjectScreen } from '@/features/projects/components/project-screen';
import { useCan } from '@/lib/authorization';

export default function ProjectAlgorithmPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const { can } = useCan();
  return (
    <ProjectScreen id={id} manage>
      {(project) => (
        <>
          <h2 className="text-lg font-semibold">{t('algorithms_project_title')}</h2>
          <div className="grid items-start gap-4 xl:grid-cols-[minmax(22rem,1fr)_2fr]">
            <div className="grid gap-4">
              <ProjectAlgorithmConfig project={project} />
              {can('algorithm.call') && <CallForm projectId={id} />}
            </div>
            <AlgorithmCalls projectId={id} />
          </div>
        </>
      )}
    </ProjectScreen>
  );
}
