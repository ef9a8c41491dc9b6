// /project/acceptmanage/{id}: a project's client acceptance: new batches for named acceptors, and the batches with
// their states, verdicts and times.
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { Role } from '@annot/workflows';
import { usePersonChoices } from '@/features/people/api/people-choices';
import { ProjectScreen } from '@/features/projects/components/project-screen';
import { AcceptanceBatchesTable } from '@/features/quality/components/acceptance-batches-table';
import { AcceptanceCreateForm } from '@/features/quality/components/acceptance-create-form';
import { acceptanceBatchPath } from './quality-links';

/** Active client acceptors, the only accounts a batch may name. */
const useAcceptorChoices = usePersonChoices(Role.Client);

export default function AcceptanceBatchesPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  return (
    <ProjectScreen id={id} manage>
      {() => (
        <>
          <h2 className="text-lg font-semibold">{t('quality_acceptance_title')}</h2>
          <AcceptanceCreateForm projectId={id} useAcceptorChoices={useAcceptorChoices} />
          <AcceptanceBatchesTable projectId={id} batchPath={acceptanceBatchPath(id)} />
        </>
      )}
    </ProjectScreen>
  );
}
