// /tag/datamanage/{id}: a tagger's work in one project: claim, items in hand and rework on each annotation link it
// is on, a way to each inspection link it is on, and the project's sampling tasks it may inspect.
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { ProjectScreen } from '@/features/projects/components/project-screen';
import { SamplingInbox } from '@/features/quality/judging/components/sampling-inbox';
import { ClaimPanel } from '@/features/items/components/claim-panel';

export default function TagProjectPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  return (
    <ProjectScreen id={id} manage={false}>
      {(project) => (
        <div className="grid gap-4">
          {project.links.length === 0 && <p className="text-sm text-muted-foreground">{t('items_no_links')}</p>}
          <SamplingInbox projectId={id} editorPath={(itemId, taskId) => `/tag/edit/${itemId}?sampling=${taskId}`} />
          {project.links.map((link) =>
            link.type === 'annotation' ? (
              <ClaimPanel key={link.id} projectId={id} link={link} itemPath={(itemId) => `/tag/item/${itemId}`} editorPath={(itemId) => `/tag/edit/${itemId}`} />
            ) : (
              <Card key={link.id}>
                <CardHeader>
                  <CardTitle>
                    {link.name} <span className="text-sm font-normal text-muted-foreground">({t('links_type_inspection')})</span>
                  </CardTitle>
                </CardHeader>
                <CardContent>
                  <Button asChild variant="outline">
                    <Link to={`/tag/checkManage/${id}/${link.id}`}>{t('items_open_inspection')}</Link>
                  </Button>
                </CardContent>
              </Card>
            ),
          )}
        </div>
      )}
    </ProjectScreen>
  );
}
