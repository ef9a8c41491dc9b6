// Follows background jobs over the server-sent events stream: progress per subject, and a callback when one ends.
import { useEffect, useRef, useState } from 'react';
import { readToken } from '@/lib/auth-token';

export interface JobSubject {
  type: string;
  id: string;
}

interface JobMessage {
  jobId: string;
  name: string;
  progress?: number;
  subject: JobSubject | null;
}

export function useJobProgress(onSettled?: (subject: JobSubject, outcome: 'completed' | 'failed') => void): Record<string, number> {
  const [progress, setProgress] = useState<Record<string, number>>({});
  const settled = useRef(onSettled);
  settled.current = onSettled;

  useEffect(() => {
    const token = readToken();
    if (!token) return;
    // EventSource cannot send headers, so the token travels in the query.
    const source = new EventSource(`/manage/jobs/stream?access_token=${encodeURIComponent(token)}`);
    const read = (event: MessageEvent) => JSON.parse(event.data as string) as JobMessage;
    source.addEventListener('progress', (event) => {
      const message = read(event as MessageEvent);
      if (message.subject) setProgress((current) => ({ ...current, [message.subject!.id]: message.progress ?? 0 }));
    });
    for (const outcome of ['completed', 'failed'] as const) {
      source.addEventListener(outcome, (event) => {
        const message = read(event as MessageEvent);
        if (message.subject) settled.current?.(message.subject, outcome);
      });
    }
    return () => source.close();
  }, []);

  return progress;
}
