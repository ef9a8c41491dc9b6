// The PM's distribution of a project's links: per link, the open pool and each team's share with its progress, and
// a form that sizes the teams' shares by count or percent.
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { LinkDistributionInput, LinkDistributionView } from '@annot/workflows';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useCan } from '@/lib/authorization';
import { failureMessage } from '@/components/refusal';
import { LinkCardTitle } from '@/components/link-card-title';
import { linkDistributionInput, useDistributeLink } from '../api/distribute-link';
import { useDistribution } from '../api/get-distribution';
import { ShareForm, type ShareCheck } from './share-form';
import { ShareProgressTable } from './share-progress-table';

const checkTeams: ShareCheck<LinkDistributionInput> = (by, shares) =>
  linkDistributionInput.safeParse({ by, teams: shares.map((s) => ({ teamId: s.id, value: s.value })) });

export function DistributionPanel({ projectId }: { projectId: string }) {
  const { t } = useTranslation();
  const { can } = useCan();
  const distribution = useDistribution(projectId, can('distribution.read'));
  if (!can('distribution.read')) return null;
  return (
    <section className="grid gap-3" aria-label={t('distribution_title')}>
      <h2 className="text-lg font-semibold">{t('distribution_title')}</h2>
      {distribution.isPending ? (
        <Skeleton className="h-32" />
      ) : distribution.error ? (
        <p role="alert" className="text-sm text-destructive">
          {failureMessage(distribution.error, t)}
        </p>
      ) : (distribution.data ?? []).length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('distribution_no_links')}</p>
      ) : (
        (distribution.data ?? []).map((link) => <LinkDistribution key={link.linkId} link={link} manage={can('distribution.manage')} />)
      )}
    </section>
  );
}

function LinkDistribution({ link, manage }: { link: LinkDistributionView; manage: boolean }) {
  const { t } = useTranslation();
  const distribute = useDistributeLink(link.linkId);
  const open = link.open ?? { waiting: 0, claimed: 0 };
  const pool = open.waiting + link.teams.reduce((n, team) => n + team.waiting, 0);
  const holders = link.teams.map((team) => ({ id: team.teamId, name: team.name, waiting: team.waiting }));
  return (
    <Card aria-label={link.name}>
      <CardHeader>
        <LinkCardTitle link={link} />
        <CardDescription role="status">{t('distribution_open_pool', { waiting: open.waiting, claimed: open.claimed })}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <ShareProgressTable heading={t('distribution_team')} rows={link.teams.map((team) => ({ key: team.teamId, name: team.name, progress: team }))} />
        {manage && link.teams.length > 0 && (
          <ShareForm
            // After a save the numbers are read again and the form starts over from them.
            key={holders.map((h) => h.waiting).join(',')}
            label={t('distribution_share_teams', { link: link.name })}
            idPrefix={`distribution-${link.linkId}`}
            holders={holders}
            pool={pool}
            check={checkTeams}
            pending={distribute.isPending}
            error={distribute.error}
            onSave={(input) => distribute.mutate(input, { onSuccess: () => toast.success(t('distribution_saved')) })}
          />
        )}
        {link.teams.length === 0 && <p className="text-sm text-muted-foreground">{t('distribution_no_teams')}</p>}
      </CardContent>
    </Card>
  );
}
