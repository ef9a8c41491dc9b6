// Teams (suppliers): list with a form to create or edit one.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { teamInput } from '@annot/workflows';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { ListTable } from '@/components/list-table';
import { TableCell, TableRow } from '@/components/ui/table';
import { type FieldErrors, reportFormError, zodFieldErrors } from '@/lib/form-errors';
import { type TeamView, useTeams } from '../api/list-teams';
import { useSaveTeam } from '../api/save-team';
import { formatNumber } from '@/lib/numbers';

const fields = ['name', 'organisationId', 'hiveId', 'size', 'mobile'] as const;

function TeamDialog({ team, onClose }: { team: TeamView | null; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useSaveTeam();
  const [form, setForm] = useState<Record<(typeof fields)[number], string>>({
    name: team?.name ?? '',
    organisationId: team?.organisationId ?? '',
    hiveId: team?.hiveId ?? '',
    size: team ? String(team.size) : '',
    mobile: team?.mobile ?? '',
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t(team ? 'teams_edit' : 'teams_new')}</DialogTitle>
        </DialogHeader>
        <form
          className="grid gap-3"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            const parsed = teamInput.safeParse(form);
            if (!parsed.success) return setErrors(zodFieldErrors(parsed.error, t));
            setErrors({});
            save.mutate(
              { id: team?.id ?? null, version: team?.version, input: parsed.data },
              {
                onSuccess: () => {
                  toast.success(t('saved'));
                  onClose();
                },
                onError: (error) => reportFormError(error, setErrors, t),
              },
            );
          }}
        >
          {fields.map((field) => (
            <FormField key={field} id={`team-${field}`} label={t(`teams_${field}`)} error={errors[field]}>
              <Input value={form[field]} onChange={(e) => setForm({ ...form, [field]: e.target.value })} />
            </FormField>
          ))}
          <Button type="submit" disabled={save.isPending}>
            {t('save')}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}

export function TeamsTable() {
  const { t } = useTranslation();
  const teams = useTeams();
  const [editing, setEditing] = useState<TeamView | null | undefined>(undefined);
  return (
    <div className="grid gap-3">
      <div>
        <Button onClick={() => setEditing(null)}>{t('teams_new')}</Button>
      </div>
      {teams.isPending ? (
        <Skeleton className="h-32" />
      ) : (
        <ListTable headings={[...fields.map((field) => t(`teams_${field}`)), t('teams_members'), t('actions')]} empty={(teams.data ?? []).length === 0} error={teams.error}>
          {(teams.data ?? []).map((team) => (
            <TableRow key={team.id}>
              <TableCell>{team.name}</TableCell>
              <TableCell>{team.organisationId}</TableCell>
              <TableCell>{team.hiveId}</TableCell>
              <TableCell>{formatNumber(team.size)}</TableCell>
              <TableCell>{team.mobile}</TableCell>
              <TableCell>{formatNumber(team.members)}</TableCell>
              <TableCell>
                <Button size="sm" variant="outline" onClick={() => setEditing(team)}>
                  {t('edit')}
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </ListTable>
      )}
      {editing !== undefined && <TeamDialog team={editing} onClose={() => setEditing(undefined)} />}
    </div>
  );
}
