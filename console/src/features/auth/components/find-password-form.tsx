// Finding a password: account, the code sent to it, and a new password that follows the seed's rule.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { isEmail, isPhone, resetPasswordInput } from '@annot/workflows';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { type FieldErrors, reportFormError, zodFieldErrors } from '@/lib/form-errors';
import { useResetPassword } from '../api/reset-password';
import { CodeButton } from './code-button';

export function FindPasswordForm({ onReset }: { onReset: () => void }) {
  const { t } = useTranslation();
  const reset = useResetPassword();
  const [form, setForm] = useState({ account: '', code: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const set = (field: keyof typeof form) => (event: React.ChangeEvent<HTMLInputElement>) => setForm({ ...form, [field]: event.target.value });

  return (
    <form
      className="grid gap-4"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const parsed = resetPasswordInput.safeParse(form);
        if (!parsed.success) return setErrors(zodFieldErrors(parsed.error, t));
        setErrors({});
        reset.mutate(form, {
          onSuccess: () => {
            toast.success(t('find_done'));
            onReset();
          },
          onError: (error) => reportFormError(error, setErrors, t),
        });
      }}
    >
      <FormField id="find-account" label={t('login_account')} error={errors.account}>
        <Input value={form.account} onChange={set('account')} placeholder={t('identity_account_required')} />
      </FormField>
      <FormField
        id="find-code" label={t('login_code')} error={errors.code}
        addon={
          <CodeButton
            kind="forget"
            account={form.account}
            canSend={isPhone(form.account) || isEmail(form.account)}
            onInvalid={() => setErrors({ account: t('identity_code_target') })}
          />
        }
      >
        <Input value={form.code} onChange={set('code')} inputMode="numeric" />
      </FormField>
      <FormField id="find-password" label={t('find_new_password')} error={errors.password}>
        <Input type="password" value={form.password} onChange={set('password')} autoComplete="new-password" />
      </FormField>
      <Button type="submit" disabled={reset.isPending}>
        {t('find_submit')}
      </Button>
    </form>
  );
}
