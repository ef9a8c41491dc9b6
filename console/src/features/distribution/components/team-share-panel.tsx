// A supplier's share of a project: per link its team's share and how much of it is done, its groups' parts, and a form
// that splits the share among the groups by count or percent.
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { LinkDistributionView, TeamShareView, TeamSplitInput } from '@annot/workflows';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import { Skeleton } from '@/components/ui/skeleton';
import { failureMessage } from '@/components/refusal';
import { LinkCardTitle } from '@/components/link-card-title';
import { useCan } from '@/lib/authorization';
import { useDistribution } from '../api/get-distribution';
import { teamSplitInput, useSplitTeamShare } from '../api/split-team-share';
import { ShareForm, type ShareCheck } from './share-form';
import { ShareProgressTable } from './share-progress-table';

const checkGroups: ShareCheck<TeamSplitInput> = (by, shares) =>
  teamSplitInput.safeParse({ by, groups: shares.map((s) => ({ groupId: s.id, value: s.value })) });

export function TeamSharePanel({ projectId }: { projectId: string }) {
  const { t } = useTranslation();
  const { can } = useCan();
  const distribution = useDistribution(projectId, can('distribution.read'));
  if (!can('distribution.read')) return null;
  const shares = (distribution.data ?? []).flatMap((link) => link.teams.map((team) => ({ link, team })));
  return (
    <section className="grid gap-3" aria-label={t('distribution_team_share')}>
      <h2 className="text-lg font-semibold">{t('distribution_team_share')}</h2>
      {distribution.isPending ? (
        <Skeleton className="h-32" />
      ) : distribution.error ? (
        <p role="alert" className="text-sm text-destructive">
          {failureMessage(distribution.error, t)}
        </p>
      ) : shares.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('distribution_no_links')}</p>
      ) : (
        shares.map(({ link, team }) => <TeamShare key={`${link.linkId}-${team.teamId}`} link={link} team={team} split={can('distribution.split')} />)
      )}
    </section>
  );
}

function TeamShare({ link, team, split }: { link: LinkDistributionView; team: TeamShareView; split: boolean }) {
  const { t } = useTranslation();
  const splitShare = useSplitTeamShare(link.linkId);
  const holders = team.groups.map((group) => ({ id: group.groupId, name: group.name, waiting: group.waiting }));
  const rows = [
    { key: 'own', name: t('distribution_ungrouped'), progress: team.own },
    ...team.groups.map((group) => ({ key: group.groupId, name: group.name, progress: group })),
  ];
  return (
    <Card aria-label={link.name}>
      <CardHeader>
        <LinkCardTitle link={link} />
        <CardDescription role="status">
          {t('distribution_team_progress', { assigned: team.assigned, waiting: team.waiting, claimed: team.claimed, done: team.done })}
        </CardDescription>
        <div className="flex items-center gap-2">
          <Progress className="max-w-xs" value={team.assigned === 0 ? 0 : Math.round((team.done / team.assigned) * 100)} aria-label={t('distribution_progress_of', { link: link.name })} />
          <span className="text-sm tabular-nums">{t('distribution_done_of', { done: team.done, total: team.assigned })}</span>
        </div>
      </CardHeader>
      <CardContent className="grid gap-4">
        <ShareProgressTable heading={t('distribution_group')} rows={rows} />
        {split && holders.length > 0 && (
          <ShareForm
            // After a save the numbers are read again and the form starts over from them.
            key={holders.map((h) => h.waiting).join(',')}
            label={t('distribution_split_groups', { link: link.name })}
            idPrefix={`split-${link.linkId}`}
            holders={holders}
            pool={team.waiting}
            check={checkGroups}
            pending={splitShare.isPending}
            error={splitShare.error}
            onSave={(input) => splitShare.mutate(input, { onSuccess: () => toast.success(t('distribution_saved')) })}
          />
        )}
        {holders.length === 0 && <p className="text-sm text-muted-foreground">{t('distribution_no_groups')}</p>}
      </CardContent>
    </Card>
  );
}
