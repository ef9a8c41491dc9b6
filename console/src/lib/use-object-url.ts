// An object URL for a fetched blob (media come as blobs, since their routes take the token only from a header),
// revoked when the blob changes or the screen goes.
import { useEffect, useState } from 'react';

export function useObjectUrl(blob: Blob | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) return;
    const next = URL.createObjectURL(blob);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [blob]);
  return url;
}
