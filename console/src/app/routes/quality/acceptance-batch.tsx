// /project/acceptmanage/{id}/batch/{batchId}: one acceptance batch, its items' verdicts and marks, and the PM's verdict.
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import type { ErrorGroupInput } from '@annot/workflows';
import { useEntries } from '@/features/catalog-entries/api/entries';
import { ProjectScreen } from '@/features/projects/components/project-screen';
import { AcceptanceBatchDetail } from '@/features/quality/components/acceptance-batch-detail';
import { acceptancePath } from './quality-links';

export default function AcceptanceBatchPage() {
  const { t } = useTranslation();
  const { id = '', batchId = '' } = useParams();
  const groups = useEntries<ErrorGroupInput>('/manage/error-groups');
  const groupName = (errorGroupId: string) => groups.data?.find((g) => g.id === errorGroupId)?.name;
  return (
    <ProjectScreen id={id} manage>
      {() => (
        <>
          <Link className="text-sm text-primary underline-offset-2 hover:underline" to={acceptancePath(id)}>
            {t('quality_back_to_acceptance')}
          </Link>
          <AcceptanceBatchDetail batchId={batchId} groupName={groupName} />
        </>
      )}
    </ProjectScreen>
  );
}
