// Registration of a team (20) or a user (10): country 44 registers by phone, every other country by email.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { isEmail, isPhone, phoneCountryId, registerInput } from '@annot/workflows';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { type FieldErrors, reportFormError, zodFieldErrors } from '@/lib/form-errors';
import { useCountries } from '../api/get-countries';
import { useRegister } from '../api/register';
import { CodeButton } from './code-button';

export function RegisterForm({ userType, onRegistered }: { userType: 10 | 20; onRegistered: () => void }) {
  const { t, i18n } = useTranslation();
  const countries = useCountries();
  const register = useRegister();
  const [form, setForm] = useState({
    country_id: String(phoneCountryId),
    current_locate: '1',
    name: '',
    account: '',
    verification_code: '',
    password: '',
    repassword: '',
    team_number: '',
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const byPhone = Number(form.country_id) === phoneCountryId;
  const type = byPhone ? 1 : 2;
  const id = (field: string) => `register-${userType}-${field}`;
  const set = (field: keyof typeof form) => (event: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
    setForm({ ...form, [field]: field === 'team_number' ? event.target.value.replace(/\s+/g, '') : event.target.value });

  const submit = () => {
    const candidate = { ...form, user_type: userType, type, team_number: userType === 10 ? form.team_number || undefined : undefined };
    const parsed = registerInput.safeParse(candidate);
    if (!parsed.success) return setErrors(zodFieldErrors(parsed.error, t));
    setErrors({});
    register.mutate(candidate, {
      onSuccess: () => {
        toast.success(t('register_done'));
        onRegistered();
      },
      onError: (error) => reportFormError(error, setErrors, t, 'warning'),
    });
  };

  return (
    <form
      className="grid gap-3"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <FormField id={id('country')} label={t('register_country')} error={errors.country_id}>
        <Select value={form.country_id} onChange={set('country_id')}>
          <option value="">{t('register_country_placeholder')}</option>
          {(countries.data ?? []).map((c) => (
            <option key={c.id} value={c.id}>
              {i18n.language.startsWith('zh') ? c.cname : c.name}
            </option>
          ))}
        </Select>
      </FormField>
      <fieldset className="flex gap-4 text-sm">
        <legend className="mb-1 text-sm font-medium">{t('register_locate')}</legend>
        {['1', '2'].map((value) => (
          <label key={value} className="flex items-center gap-1">
            <input type="radio" name={id('locate')} value={value} checked={form.current_locate === value} onChange={set('current_locate')} />
            {t(value === '1' ? 'register_locate_domestic' : 'register_locate_abroad')}
          </label>
        ))}
      </fieldset>
      <fieldset className="flex gap-4 text-sm" aria-describedby={id('type-hint')}>
        <legend className="mb-1 text-sm font-medium">{t('register_type')}</legend>
        <label className="flex items-center gap-1">
          <input type="radio" name={id('type')} checked={byPhone} disabled={!byPhone} readOnly />
          {t('register_type_phone')}
        </label>
        <label className="flex items-center gap-1">
          <input type="radio" name={id('type')} checked={!byPhone} disabled={byPhone} readOnly />
          {t('register_type_email')}
        </label>
        <span id={id('type-hint')} className="text-xs text-muted-foreground">
          {t(byPhone ? 'register_type_hint_phone' : 'register_type_hint_email')}
        </span>
      </fieldset>
      <FormField id={id('name')} label={t(userType === 20 ? 'register_team_name' : 'register_name')} error={errors.name}>
        <Input value={form.name} onChange={set('name')} />
      </FormField>
      <FormField id={id('account')} label={t(byPhone ? 'register_phone' : 'register_email')} error={errors.account}>
        <Input value={form.account} onChange={set('account')} inputMode={byPhone ? 'tel' : 'email'} />
      </FormField>
      <FormField
        id={id('code')} label={t('login_code')} error={errors.verification_code}
        addon={
          <CodeButton
            kind={userType === 20 ? 'team' : 'user'}
            account={form.account}
            canSend={byPhone ? isPhone(form.account) : isEmail(form.account)}
            onInvalid={() => setErrors({ account: t(byPhone ? 'identity_phone_format' : 'identity_email_format') })}
          />
        }
      >
        <Input value={form.verification_code} onChange={set('verification_code')} inputMode="numeric" />
      </FormField>
      <FormField id={id('password')} label={t('login_password')} error={errors.password}>
        <Input type="password" value={form.password} onChange={set('password')} autoComplete="new-password" />
      </FormField>
      <FormField id={id('repassword')} label={t('register_repassword')} error={errors.repassword}>
        <Input type="password" value={form.repassword} onChange={set('repassword')} autoComplete="new-password" />
      </FormField>
      {userType === 10 && (
        <FormField id={id('team-number')} label={t('register_team_number')} error={errors.team_number}>
          <Input value={form.team_number} onChange={set('team_number')} />
        </FormField>
      )}
      <Button type="submit" disabled={register.isPending}>
        {t('register_submit')}
      </Button>
    </form>
  );
}
