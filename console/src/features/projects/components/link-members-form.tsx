// The PM's choice of one link's people: supplier teams and individual taggers.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { LinkMembersView } from '@annot/workflows';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { ApiError } from '@/lib/api-client';
import { useAssignMembers } from '../api/project-members';

export interface Candidate {
  id: string;
  name: string;
}

export interface LinkMembersFormProps {
  projectId: string;
  link: LinkMembersView;
  teams: Candidate[];
  taggers: Candidate[];
}

function Choices({ legend, options, chosen, onChange }: { legend: string; options: Candidate[]; chosen: Set<string>; onChange: (next: Set<string>) => void }) {
  return (
    <fieldset className="grid gap-1">
      <legend className="text-sm font-medium">{legend}</legend>
      {options.map((option) => (
        <label key={option.id} className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={chosen.has(option.id)}
            onChange={(e) => {
              const next = new Set(chosen);
              if (e.target.checked) next.add(option.id);
              else next.delete(option.id);
              onChange(next);
            }}
          />
          {option.name}
        </label>
      ))}
    </fieldset>
  );
}

export function LinkMembersForm({ projectId, link, teams, taggers }: LinkMembersFormProps) {
  const { t } = useTranslation();
  const assign = useAssignMembers(projectId);
  const [teamIds, setTeamIds] = useState(new Set(link.teams.map((team) => team.id)));
  const [taggerIds, setTaggerIds] = useState(new Set(link.taggers.map((tagger) => tagger.id)));
  const save = () =>
    assign.mutate(
      { linkId: link.linkId, members: { teamIds: [...teamIds], taggerIds: [...taggerIds] } },
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
          <Choices legend={t('menu_teams')} options={teams} chosen={teamIds} onChange={setTeamIds} />
          <Choices legend={t('menu_taggers')} options={taggers} chosen={taggerIds} onChange={setTaggerIds} />
        </div>
        {link.groups.length > 0 && (
          <p className="text-sm text-muted-foreground">{t('projects_groups', { groups: link.groups.map((g) => `${g.name} (${g.taggers.length})`).join(', ') })}</p>
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
