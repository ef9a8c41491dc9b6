// /project/new/{id}: the creation wizard, for a new draft (id 0) or one being completed.
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import type { ErrorGroupInput, ProjectDetail } from '@annot/workflows';
import { RefusalNotice, refusalOf } from '@/components/refusal';
import { Skeleton } from '@/components/ui/skeleton';
import { useAnnotationRuleSearch, useAnnotationRules } from '@/features/annotation-rules/api/annotation-rules';
import { BatchesPanel } from '@/features/batches/components/batches-panel';
import { useEntries } from '@/features/catalog-entries/api/entries';
import { useDataRuleSearch, useDataRules } from '@/features/data-rules/api/data-rules';
import { useTaggerChoices, useTeamChoices } from '@/features/people/api/people-choices';
import { useProject, useProjects } from '@/features/projects/api/get-projects';
import { LinkMembersList } from '@/features/projects/components/link-members-list';
import { ProjectWizard } from '@/features/projects/components/project-wizard';
import { useToolSearch, useTools } from '@/features/tools/api/list-tools';
import { isUuid } from '@/lib/ids';

const catalogSearch = { tools: useToolSearch, annotationRules: useAnnotationRuleSearch, dataRules: useDataRuleSearch };
const after = {
  members: (project: ProjectDetail) => <LinkMembersList projectId={project.id} version={project.version} useTeamChoices={useTeamChoices} useTaggerChoices={useTaggerChoices} />,
  data: (project: ProjectDetail) => <BatchesPanel projectId={project.id} />,
};

export default function ProjectNewPage() {
  const { t } = useTranslation();
  const { id = '0' } = useParams();
  const projectId = id === '0' ? null : id;
  const project = useProject(projectId);
  const tools = useTools('');
  const annotationRules = useAnnotationRules();
  const dataRules = useDataRules();
  const errorGroups = useEntries<ErrorGroupInput>('/manage/error-groups');
  const others = useProjects({});
  if (projectId && !isUuid(projectId)) return <RefusalNotice refusal="not_found" />;
  if (project.error) return <RefusalNotice refusal={refusalOf(project.error) ?? 'not_found'} />;
  const loading = (projectId && project.isPending) || tools.isPending || annotationRules.isPending || dataRules.isPending || errorGroups.isPending;
  return (
    <div className="grid gap-4">
      <h1 className="text-xl font-semibold">{project.data ? project.data.title : t('menu_new_project')}</h1>
      {loading ? (
        <Skeleton className="h-64" />
      ) : (
        <ProjectWizard
          key={projectId ?? 'new'}
          project={project.data ?? null}
          linkable={others.data?.pages.flatMap((page) => page.items) ?? []}
          tools={tools.data ?? []}
          annotationRules={annotationRules.data ?? []}
          dataRules={dataRules.data ?? []}
          errorGroups={errorGroups.data ?? []}
          search={catalogSearch}
          after={after}
        />
      )}
    </div>
  );
}
