// The sign-in form of one tab: account and password, the internal tab's code, then the account choice or
// the LOGIN_REPEAT confirmation when the server asks for them.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { isEmail, isPhone, type LoginInput, loginInput } from '@annot/workflows';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { ApiError } from '@/lib/api-client';
import type { PersonInfo } from '@/lib/auth-token';
import { type FieldErrors, serverFieldErrors, zodFieldErrors } from '@/lib/form-errors';
import { type LoginOutcome, useLogin } from '../api/login';
import { AccountChoiceDialog } from './account-choice-dialog';
import { CodeButton } from './code-button';

export interface LoginFormProps {
  tab: 1 | 2 | 3 | 4;
  onSignedIn: (token: string, info: PersonInfo) => void;
}

export function LoginForm({ tab, onSignedIn }: LoginFormProps) {
  const { t } = useTranslation();
  const login = useLogin();
  const [form, setForm] = useState({ account: '', password: '', verification_code: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [pending, setPending] = useState<Extract<LoginOutcome, { kind: 'choose-account' | 'signed-in-elsewhere' }> | null>(null);
  const [authUid, setAuthUid] = useState<string | undefined>();
  const internal = tab === 4;

  const submit = (extra: Partial<LoginInput> = {}) => {
    const candidate = { ...form, role: tab, auth_uid: authUid, ...extra };
    const parsed = loginInput.safeParse(candidate);
    const next = parsed.success ? {} : zodFieldErrors(parsed.error, t);
    if (internal && !form.verification_code) next.verification_code = t('identity_code_required');
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    login.mutate(
      { ...candidate, verification_code: internal ? form.verification_code : undefined },
      {
        onSuccess: (outcome) => {
          if (outcome.kind === 'signed-in') return onSignedIn(outcome.token, outcome.info);
          setPending(outcome);
        },
        onError: (error) => {
          const fields = serverFieldErrors(error);
          setErrors(fields);
          if (Object.keys(fields).length === 0) toast.error(error instanceof ApiError ? error.message : t('request_fail'));
        },
      },
    );
  };

  const set = (field: keyof typeof form) => (event: React.ChangeEvent<HTMLInputElement>) => setForm({ ...form, [field]: event.target.value });

  return (
    <form
      className="grid gap-4"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setAuthUid(undefined);
        submit({ auth_uid: undefined });
      }}
    >
      <FormField id={`account-${tab}`} label={t('login_account')} error={errors.account}>
        <Input value={form.account} onChange={set('account')} placeholder={t('identity_account_required')} autoComplete="username" />
      </FormField>
      <FormField id={`password-${tab}`} label={t('login_password')} error={errors.password}>
        <Input type="password" value={form.password} onChange={set('password')} autoComplete="current-password" />
      </FormField>
      {internal && (
        <FormField
          id="verification-code" label={t('login_code')} error={errors.verification_code}
          addon={
            <CodeButton
              kind="login"
              account={form.account}
              canSend={isPhone(form.account) || isEmail(form.account)}
              onInvalid={() => setErrors({ account: t('identity_code_target') })}
            />
          }
        >
          <Input value={form.verification_code} onChange={set('verification_code')} inputMode="numeric" autoComplete="one-time-code" />
        </FormField>
      )}
      <Button type="submit" disabled={login.isPending}>
        {t('login_submit')}
      </Button>
      {pending?.kind === 'choose-account' && (
        <AccountChoiceDialog
          accounts={pending.accountList}
          onCancel={() => setPending(null)}
          onChoose={(id) => {
            setPending(null);
            setAuthUid(id);
            submit({ auth_uid: id });
          }}
        />
      )}
      {pending?.kind === 'signed-in-elsewhere' && (
        <ConfirmDialog
          title={t('login_repeat_title')}
          message={t('login_repeat_message')}
          confirmLabel={t('login_repeat_continue')}
          onCancel={() => setPending(null)}
          onConfirm={() => {
            setPending(null);
            submit({ confirm: true });
          }}
        />
      )}
    </form>
  );
}
