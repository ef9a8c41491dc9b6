// The item's image, fetched with the session as a blob (the media route takes the token only from its header), with
// the objects of the result shown drawn over it, and the objects an error mark names outlined in red.
import { useTranslation } from 'react-i18next';
import { type ResultObject, shapeAt, type Shape } from '@annot/workflows';
import { Skeleton } from '@/components/ui/skeleton';
import { failureMessage } from '@/components/refusal';
import { useItemMedia } from '../api/get-item-media';

export interface ItemMediaProps {
  itemId: string;
  fileName: string;
  /** The image's size in pixels, where it was measured: the drawing's coordinates. */
  size: { width: number; height: number } | null;
  objects: readonly ResultObject[];
  /** The objects an error mark names. */
  marked: ReadonlySet<string>;
  objectName: (id: string) => string | null;
  /** A colour and a word of its own for an object (a diff's added, removed and changed), in place of the plain blue. */
  tint?: (id: string) => { color: string; label: string } | null;
}

export function ItemMedia({ itemId, fileName, size, objects, marked, objectName, tint }: ItemMediaProps) {
  const { t } = useTranslation();
  const media = useItemMedia(itemId);
  if (media.error) return <p className="text-sm text-muted-foreground">{t('items_media_unavailable', { reason: failureMessage(media.error, t) })}</p>;
  if (!media.url) return <Skeleton className="aspect-[4/3] w-full" />;
  return (
    <figure className="relative w-full self-start overflow-hidden rounded-md border border-border" aria-label={t('items_preview')}>
      <img src={media.url} alt={fileName} className="block h-auto w-full" />
      {size && (
        <svg className="pointer-events-none absolute inset-0 h-full w-full" viewBox={`0 0 ${size.width} ${size.height}`} preserveAspectRatio="none" role="list" aria-label={t('items_preview_objects')}>
          {objects.map((object) => {
            const shape = shapeAt(object, 0);
            if (!shape) return null;
            const name = objectName(object.id) ?? '';
            const tinted = tint?.(object.id);
            const label = tinted ? `${name}: ${tinted.label}` : marked.has(object.id) ? t('items_preview_marked', { object: name }) : name;
            return (
              <g key={object.id} role="listitem" aria-label={label}>
                <PreviewShape shape={shape} color={tinted?.color ?? (marked.has(object.id) ? '#e5484d' : '#2563eb')} />
              </g>
            );
          })}
        </svg>
      )}
    </figure>
  );
}

function PreviewShape({ shape, color }: { shape: Shape; color: string }) {
  const stroke = { stroke: color, strokeWidth: 2, fill: 'none', vectorEffect: 'non-scaling-stroke' as const };
  switch (shape.type) {
    case 'box':
      return <rect x={shape.x} y={shape.y} width={shape.width} height={shape.height} {...stroke} />;
    case 'polygon':
      return <polygon points={shape.points.map((p) => `${p.x},${p.y}`).join(' ')} {...stroke} />;
    case 'line':
    case 'curve':
      return <polyline points={shape.points.map((p) => `${p.x},${p.y}`).join(' ')} {...stroke} />;
    case 'point':
      return <circle cx={shape.x} cy={shape.y} r={3} fill={color} />;
    default:
      // Masks, cuboids and segments are drawn by their editors; the table beside names them.
      return null;
  }
}
