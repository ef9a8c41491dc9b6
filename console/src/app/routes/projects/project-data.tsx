// /project/datamanage/{id}: a project's detail with its data management: batches, uploads and items.
import { useParams } from 'react-router-dom';
import { BatchesPanel } from '@/features/batches/components/batches-panel';
import { ProjectScreen } from '@/features/projects/components/project-screen';

export default function ProjectDataPage() {
  const { id = '' } = useParams();
  return (
    <ProjectScreen id={id} manage>
      {() => <BatchesPanel projectId={id} />}
    </ProjectScreen>
  );
}
