// /project/category/{id}: a project's acceptance batches grouped by state as its acceptors see them, each opening on
// the PM's acceptance page.
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { ProjectScreen } from '@/features/projects/components/project-screen';
import { AcceptanceBoard } from '@/features/quality/components/acceptance-board';
import { acceptanceBatchPath, acceptancePath } from './quality-links';

export default function AcceptanceBoardPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  return (
    <ProjectScreen id={id} manage>
      {() => (
        <>
          <div className="flex flex-wrap items-center gap-3">
            <h2 className="text-lg font-semibold">{t('quality_board_title')}</h2>
            <Link className="text-sm text-primary underline-offset-2 hover:underline" to={acceptancePath(id)}>
              {t('quality_acceptance_manage')}
            </Link>
          </div>
          <AcceptanceBoard projectId={id} batchPath={acceptanceBatchPath(id)} />
        </>
      )}
    </ProjectScreen>
  );
}
