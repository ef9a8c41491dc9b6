// The PM's choice of one link's people: supplier teams and individual taggers, each searched on the server.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { LinkMembersView } from '@annot/workflows';
import { SearchChoices, type UseChoices } from '@/components/search-choices';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { ApiError } from '@/lib/api-client';
import { useAssignMembers } from '../api/project-members';
import { formatNumber } from '@/lib/numbers';

export interface LinkMembersFormProps {
  projectId: string;
  link: LinkMembersView;
  /** Teams and taggers found on the server for a keyword. */
  useTeamChoices: UseChoices;
  useTaggerChoices: UseChoices;
}

export function LinkMembersForm({ projectId, link, useTeamChoices, useTaggerChoices }: LinkMembersFormProps) {
  const { t } = useTranslation();
  const assign = useAssignMembers(projectId);
  const [teams, setTeams] = useState(link.teams);
  const [taggers, setTaggers] = useState(link.taggers.map((p) => ({ id: p.id, name: `${p.name} (${p.account})` })));
  const save = () =>
    assign.mutate(
      { linkId: link.linkId, members: { teamIds: teams.map((c) => c.id), taggerIds: taggers.map((c) => c.id) } },
      {
        onSuccess: () => toast.success(t('projects_members_saved')),
        onError: (error) => toast.error(error instanceof ApiError ? error.message : t('request_fail')),
      },
    );
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          {link.linkName} · {t(`links_type_${link.linkType}`)}
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">
        <div className="grid gap-4 md:grid-cols-2">
          <SearchChoices legend={t('menu_teams')} chosen={teams} onChange={setTeams} useChoices={useTeamChoices} />
          <SearchChoices legend={t('menu_taggers')} chosen={taggers} onChange={setTaggers} useChoices={useTaggerChoices} />
        </div>
        {link.groups.length > 0 && (
          <p className="text-sm text-muted-foreground">{t('projects_groups', { groups: link.groups.map((g) => `${g.name} (${formatNumber(g.taggers.length)})`).join(', ') })}</p>
        )}
        <div>
          <Button size="sm" onClick={save} disabled={assign.isPending}>
            {t('save')}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
