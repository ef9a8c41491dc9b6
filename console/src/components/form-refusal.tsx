// A refused command's reason where the form is, in the words the server chose for the reader's language.
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api-client';

/** Refusals the form already shows under their fields are not repeated here. */
export function FormRefusal({ error, shownInFields }: { error: unknown; shownInFields: boolean }) {
  const { t } = useTranslation();
  if (!error || shownInFields) return null;
  return (
    <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/5 px-3 py-2 text-sm text-destructive">
      {error instanceof ApiError ? error.message : t('request_fail')}
    </p>
  );
}
