// /project/datasum/{id}, /tag/sum/{id} and /supplier/sum/{id}: one project's statistics in the scope of the role
// that opens it: the whole project for the staff, a tagger's own figures, a supplier's team.
import { useParams } from 'react-router-dom';
import type { StatisticsScope } from '@annot/workflows';
import { RefusalNotice } from '@/components/refusal';
import { StatisticsView } from '@/features/insights/components/statistics-view';
import { isUuid } from '@/lib/ids';

export default function ProjectStatisticsPage({ scope }: { scope: StatisticsScope }) {
  const { id = '' } = useParams();
  if (!isUuid(id)) return <RefusalNotice refusal="not_found" />;
  return <StatisticsView key={`${scope}-${id}`} projectId={id} scope={scope} />;
}
