// The item's image, fetched with the session as a blob (the media route takes the token only from its header).
import { useTranslation } from 'react-i18next';
import { Skeleton } from '@/components/ui/skeleton';
import { failureMessage } from '@/components/refusal';
import { useItemMedia } from '../api/get-item-media';

export function ItemMedia({ itemId, fileName }: { itemId: string; fileName: string }) {
  const { t } = useTranslation();
  const media = useItemMedia(itemId);
  if (media.error) return <p className="text-sm text-muted-foreground">{t('tasks_media_unavailable', { reason: failureMessage(media.error, t) })}</p>;
  if (!media.url) return <Skeleton className="h-60" />;
  return <img src={media.url} alt={fileName} className="max-h-[28rem] w-auto rounded-md border border-border object-contain" />;
}
