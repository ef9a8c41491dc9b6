// A small preview of an item's image in the lists, fetched with the session's token once its row scrolls into view.
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { api } from '@/lib/api-client';
import { useObjectUrl } from '@/lib/use-object-url';

/** True once the element has come near the viewport; at once where the browser cannot tell. */
function useSeen(ref: React.RefObject<HTMLElement | null>): boolean {
  const [seen, setSeen] = useState(typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    if (seen || !ref.current) return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setSeen(true), { rootMargin: '200px' });
    observer.observe(ref.current);
    return () => observer.disconnect();
  }, [ref, seen]);
  return seen;
}

/** Decorative beside the file name the row already shows, so it adds nothing to what a screen reader or a test reads. */
export function ItemThumbnail({ itemId }: { itemId: string }) {
  const frame = useRef<HTMLSpanElement>(null);
  const seen = useSeen(frame);
  // A missing thumbnail (a point cloud, an unreadable image) is an empty frame, not an error worth retrying.
  const thumbnail = useQuery({
    queryKey: ['thumbnails', itemId],
    queryFn: () => api.blob(`/manage/items/${itemId}/thumbnail`),
    enabled: seen,
    staleTime: Infinity,
    retry: false,
  });
  const url = useObjectUrl(thumbnail.data);
  return (
    <span ref={frame} className="inline-flex h-12 w-16 shrink-0 items-center justify-center overflow-hidden rounded border border-border bg-muted">
      {url && <img src={url} alt="" className="h-full w-full object-contain" />}
    </span>
  );
}
