// Follows background jobs over the server-sent events stream: progress per subject, and a callback when one ends.
import { useEffect, useRef, useState } from 'react';
import { request } from '@/lib/api-client';
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

const reconnectMs = 3_000;

/** EventSource cannot send headers: each connection opens with a fresh short-lived ticket, never the session token. */
async function openStream(): Promise<EventSource> {
  const { data } = await request<{ ticket: string }>('POST', '/manage/jobs/stream/tickets');
  return new EventSource(`/manage/jobs/stream?ticket=${encodeURIComponent(data.ticket)}`);
}

export function useJobProgress(onSettled?: (subject: JobSubject, outcome: 'completed' | 'failed') => void): Record<string, number> {
  const [progress, setProgress] = useState<Record<string, number>>({});
  const settled = useRef(onSettled);
  settled.current = onSettled;

  useEffect(() => {
    if (!readToken()) return;
    let source: EventSource | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let closed = false;
    const read = (event: Event) => JSON.parse((event as MessageEvent).data as string) as JobMessage;

    const connect = () => {
      openStream().then(
        (opened) => {
          if (closed) return opened.close();
          source = opened;
          opened.addEventListener('progress', (event) => {
            const message = read(event);
            if (message.subject) setProgress((current) => ({ ...current, [message.subject!.id]: message.progress ?? 0 }));
          });
          for (const outcome of ['completed', 'failed'] as const) {
            opened.addEventListener(outcome, (event) => {
              const message = read(event);
              if (message.subject) settled.current?.(message.subject, outcome);
            });
          }
          // The browser would reconnect with the same, soon expired ticket; ask for a new one instead.
          opened.onerror = () => {
            opened.close();
            reconnect();
          };
        },
        () => reconnect(),
      );
    };
    const reconnect = () => {
      if (!closed) retry = setTimeout(connect, reconnectMs);
    };
    connect();
    return () => {
      closed = true;
      clearTimeout(retry);
      source?.close();
    };
  }, []);

  return progress;
}
