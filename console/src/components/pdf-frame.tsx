// A PDF (an annotation rule) shown in a frame: fetched with the session's token, which its routes take only from a
// header, and shown from a local object URL.
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Skeleton } from '@/components/ui/skeleton';
import { api } from '@/lib/api-client';
import { useObjectUrl } from '@/lib/use-object-url';

/** `version` names what the address serves now, where the same address may later serve another file. */
export function PdfFrame({ path, name, version }: { path: string; name: string; version?: number | string | null }) {
  const { t } = useTranslation();
  const file = useQuery({ queryKey: ['pdf', path, version ?? null], queryFn: () => api.blob(path), staleTime: Infinity });
  const url = useObjectUrl(file.data);
  if (file.error) return <p role="alert">{t('load_failed')}</p>;
  return url ? <iframe title={name} src={url} className="h-96 w-full rounded-md border border-border" /> : <Skeleton className="h-96" />;
}
