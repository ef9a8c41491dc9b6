// What the canvas shows where an item's image or a frame cannot be had: that it is missing and why, in the server's
// words where the server refused it (a file gone, a bucket this server cannot read yet), never an empty canvas.
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api-client';

/** Why an image could not be had: the server's refusal, an unreachable server, or a file the browser cannot decode. */
export function missingReason(t: TFunction, error: unknown): string {
  if (error instanceof ApiError) return error.message;
  return error instanceof TypeError ? t('editor_image_unreachable') : t('editor_image_undecodable');
}

export function ImageMissing({ reason }: { reason: string }) {
  const { t } = useTranslation();
  return (
    <div role="alert" className="flex h-full flex-col items-center justify-center gap-2 p-6 text-center">
      <p className="font-medium">{t('editor_image_missing')}</p>
      <p className="max-w-md text-sm text-muted-foreground">{reason}</p>
    </div>
  );
}
