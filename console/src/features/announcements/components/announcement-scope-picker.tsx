// Whom an announcement reaches: everyone, or chosen roles, teams and people (a reader in any of them is in scope).
import { useTranslation } from 'react-i18next';
import { allRoles, type Role } from '@annot/workflows';
import { type Choice, SearchChoices, type UseChoices } from '@/components/search-choices';

export interface ScopeChoice {
  everyone: boolean;
  roles: Role[];
  teams: Choice[];
  people: Choice[];
}

export interface AnnouncementScopePickerProps {
  value: ScopeChoice;
  onChange: (next: ScopeChoice) => void;
  useTeamChoices: UseChoices;
  usePeopleChoices: UseChoices;
  error?: string;
}

export function AnnouncementScopePicker({ value, onChange, useTeamChoices, usePeopleChoices, error }: AnnouncementScopePickerProps) {
  const { t } = useTranslation();
  const toggleRole = (role: Role, on: boolean) => onChange({ ...value, roles: on ? [...value.roles, role] : value.roles.filter((r) => r !== role) });
  return (
    <fieldset className="grid gap-2">
      <legend className="text-sm font-medium">{t('announcements_scope')}</legend>
      <div className="flex gap-4 text-sm" role="radiogroup" aria-label={t('announcements_scope')}>
        <label className="flex items-center gap-2">
          <input type="radio" name="announcement-scope" checked={value.everyone} onChange={() => onChange({ ...value, everyone: true })} />
          {t('announcements_scope_everyone')}
        </label>
        <label className="flex items-center gap-2">
          <input type="radio" name="announcement-scope" checked={!value.everyone} onChange={() => onChange({ ...value, everyone: false })} />
          {t('announcements_scope_selected')}
        </label>
      </div>
      {!value.everyone && (
        <div className="grid gap-4 rounded-md border border-border p-3 md:grid-cols-3">
          <fieldset className="grid content-start gap-1">
            <legend className="text-sm font-medium">{t('announcements_scope_roles')}</legend>
            {allRoles.map((role) => (
              <label key={role} className="flex items-center gap-2 text-sm">
                <input type="checkbox" checked={value.roles.includes(role)} onChange={(e) => toggleRole(role, e.target.checked)} />
                {t(`role_${role}`)}
              </label>
            ))}
          </fieldset>
          <SearchChoices legend={t('menu_teams')} chosen={value.teams} onChange={(teams) => onChange({ ...value, teams })} useChoices={useTeamChoices} />
          <SearchChoices legend={t('announcements_scope_people')} chosen={value.people} onChange={(people) => onChange({ ...value, people })} useChoices={usePeopleChoices} />
        </div>
      )}
      {error && (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
    </fieldset>
  );
}
