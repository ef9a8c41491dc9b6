// A supplier's view of a project: the links its team works on and its groups of taggers in each.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { LinkMembersView } from '@annot/workflows';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';

export function SupplierLinks({ projectId, links }: { projectId: string; links: LinkMembersView[] }) {
  const { t } = useTranslation();
  if (links.length === 0) return <p className="text-sm text-muted-foreground">{t('supplier_no_links')}</p>;
  return (
    <div className="grid gap-3">
      {links.map((link) => (
        <Card key={link.linkId}>
          <CardHeader>
            <CardTitle>
              {link.linkName} · {t(`links_type_${link.linkType}`)}
            </CardTitle>
          </CardHeader>
          <CardContent className="grid gap-2">
            {link.groups.map((group) => (
              <div key={group.groupId} className="flex items-center gap-2 text-sm">
                <span>
                  {group.name}: {group.taggers.map((p) => p.name).join(', ') || '-'}
                </span>
                <Button asChild size="sm" variant="outline">
                  <Link to={`/supplier/people/${projectId}/${link.linkId}/${group.groupId}`}>{t('edit')}</Link>
                </Button>
              </div>
            ))}
            <div>
              <Button asChild size="sm">
                <Link to={`/supplier/people/${projectId}/${link.linkId}/0`}>{t('supplier_new_group')}</Link>
              </Button>
            </div>
          </CardContent>
        </Card>
      ))}
    </div>
  );
}
