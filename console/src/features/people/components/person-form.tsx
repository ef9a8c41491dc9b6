// Creates or edits an account of a given role, checked with the same schemas the server uses.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { createPersonInput, editPersonInput, type PersonView } from '@annot/workflows';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { type FieldErrors, reportFormError, zodFieldErrors } from '@/lib/form-errors';
import { useServerSearch } from '@/lib/use-server-search';
import { useTeams } from '../api/list-teams';
import { useTeamChoices } from '../api/people-choices';
import { useSavePerson } from '../api/save-person';

export interface PersonFormProps {
  role: string;
  person?: PersonView;
  /** Suppliers add taggers to their own team; they pick no team and see no list of teams. */
  chooseTeam: boolean;
  onSaved: () => void;
}

/** The team picker: the teams, narrowed on the server as a keyword is typed, the chosen one always kept. */
interface TeamSelectProps extends Omit<React.SelectHTMLAttributes<HTMLSelectElement>, 'value' | 'onChange'> {
  value: string;
  onChange: (event: React.ChangeEvent<HTMLSelectElement>) => void;
}

function TeamSelect({ value, onChange, ...field }: TeamSelectProps) {
  const { t } = useTranslation();
  const teams = useTeams();
  const search = useServerSearch(teams.data ?? [], useTeamChoices);
  const chosen = search.byId(value);
  const options = chosen && !search.shown.some((team) => team.id === chosen.id) ? [chosen, ...search.shown] : search.shown;
  return (
    <div className="grid gap-1">
      <Input
        type="search"
        aria-label={t('search_teams')}
        placeholder={t('search_teams')}
        className="h-8"
        value={search.keyword}
        onChange={(e) => search.setKeyword(e.target.value)}
      />
      <Select {...field} value={value} onChange={onChange}>
        <option value="">{t('people_no_team')}</option>
        {options.map((team) => (
          <option key={team.id} value={team.id}>
            {team.name}
          </option>
        ))}
      </Select>
    </div>
  );
}

const blank = { name: '', account: '', phone: '', email: '', password: '', teamId: '', company: '' };

export function PersonForm({ role, person, chooseTeam, onSaved }: PersonFormProps) {
  const { t } = useTranslation();
  const save = useSavePerson();
  const [form, setForm] = useState(blank);
  const [errors, setErrors] = useState<FieldErrors>({});

  useEffect(() => {
    if (person) {
      setForm({ ...blank, name: person.name, account: person.account, phone: person.phone ?? '', email: person.email ?? '', teamId: person.teamId ?? '', company: person.company ?? '' });
    }
  }, [person]);

  const set = (field: keyof typeof form) => (event: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) => setForm({ ...form, [field]: event.target.value });
  const optional = (value: string) => (value.trim() === '' ? null : value.trim());

  const submit = () => {
    const common = { name: form.name, phone: optional(form.phone), email: optional(form.email), company: optional(form.company), ...(chooseTeam ? { teamId: optional(form.teamId) } : {}) };
    const candidate = person ? { ...common, ...(form.password ? { password: form.password } : {}) } : { ...common, role, account: form.account, password: form.password };
    const parsed = (person ? editPersonInput : createPersonInput).safeParse(candidate);
    if (!parsed.success) return setErrors(zodFieldErrors(parsed.error, t));
    setErrors({});
    save.mutate(person ? { id: person.id, version: person.version, input: parsed.data } : { id: null, input: parsed.data as never }, {
      onSuccess: () => {
        toast.success(t('saved'));
        onSaved();
      },
      onError: (error) => reportFormError(error, setErrors, t),
    });
  };

  return (
    <form
      className="grid max-w-lg gap-3"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <FormField id="person-name" label={t('people_name')} error={errors.name}>
        <Input value={form.name} onChange={set('name')} />
      </FormField>
      <FormField id="person-account" label={t('people_account')} error={errors.account}>
        <Input value={form.account} onChange={set('account')} disabled={!!person} />
      </FormField>
      <FormField id="person-phone" label={t('people_phone')} error={errors.phone}>
        <Input value={form.phone} onChange={set('phone')} inputMode="tel" />
      </FormField>
      <FormField id="person-email" label={t('people_email')} error={errors.email}>
        <Input value={form.email} onChange={set('email')} inputMode="email" />
      </FormField>
      {chooseTeam && (
        <FormField id="person-team" label={t('people_team')} error={errors.teamId}>
          <TeamSelect value={form.teamId} onChange={set('teamId')} />
        </FormField>
      )}
      <FormField id="person-company" label={t('people_company')} error={errors.company}>
        <Input value={form.company} onChange={set('company')} />
      </FormField>
      <FormField id="person-password" label={t(person ? 'people_new_password' : 'login_password')} error={errors.password}>
        <Input type="password" value={form.password} onChange={set('password')} autoComplete="new-password" />
      </FormField>
      <Button type="submit" disabled={save.isPending}>
        {t('save')}
      </Button>
    </form>
  );
}
