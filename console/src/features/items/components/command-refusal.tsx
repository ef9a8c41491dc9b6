// The server's refusal of a command, in its own words, with each problem it names (a submit missing a required
// attribute names the object as the editor numbers it and the attribute by its display name).
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api-client';

export function CommandRefusal({ error }: { error: unknown }) {
  const { t } = useTranslation();
  if (!error) return null;
  const message = error instanceof Error ? error.message : t('request_fail');
  const fields = error instanceof ApiError ? error.fields : [];
  return (
    <div role="alert" className="rounded-md border border-destructive/40 bg-destructive/5 px-3 py-2 text-sm text-destructive">
      <p>{message}</p>
      {fields.length > 0 && (
        <ul className="list-disc ps-5">
          {fields.map((f) => (
            <li key={`${f.field}-${f.message}`}>{f.message}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
