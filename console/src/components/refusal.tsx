// What a screen says instead of its content when the server refused it: not allowed, or not found, and the way home.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ApiError } from '@/lib/api-client';

export type Refusal = 'not_allowed' | 'not_found';

/** The refusal an error stands for, or null when it is another kind of failure. */
export function refusalOf(error: unknown): Refusal | null {
  if (!(error instanceof ApiError)) return null;
  if (error.code === 403 && error.errCode !== 'TOKEN_INVALID') return 'not_allowed';
  if (error.code === 404) return 'not_found';
  return null;
}

/** The message a list shows in its body when it could not be read. */
export function failureMessage(error: unknown, t: (key: string) => string): string {
  const refusal = refusalOf(error);
  return t(refusal ? `list_${refusal}` : 'load_failed');
}

export function RefusalNotice({ refusal }: { refusal: Refusal }) {
  const { t } = useTranslation();
  return (
    <div role="alert" className="grid place-items-center gap-1 rounded-md border border-dashed border-border py-12 text-center">
      <p className="font-medium">{t(`${refusal}_title`)}</p>
      <p className="text-sm text-muted-foreground">{t(`${refusal}_detail`)}</p>
      <Link to="/" className="text-sm text-primary hover:underline">
        {t('back_home')}
      </Link>
    </div>
  );
}
