// The people of every link of a project, one form per link; on the people screen and in the wizard's members step.
import { useTranslation } from 'react-i18next';
import { Skeleton } from '@/components/ui/skeleton';
import { useProjectMembers } from '../api/project-members';
import { LinkMembersForm, type LinkMembersFormProps } from './link-members-form';

export function LinkMembersList({ projectId, version, useTeamChoices, useTaggerChoices }: Omit<LinkMembersFormProps, 'link'> & { version: string }) {
  const { t } = useTranslation();
  const members = useProjectMembers(projectId);
  if (members.isPending) return <Skeleton className="h-64" />;
  if ((members.data ?? []).length === 0) return <p className="text-sm text-muted-foreground">{t('projects_members_no_links')}</p>;
  return (members.data ?? []).map((link) => (
    <LinkMembersForm key={`${link.linkId}-${version}`} projectId={projectId} link={link} useTeamChoices={useTeamChoices} useTaggerChoices={useTaggerChoices} />
  ));
}
