// Follows background jobs over the events stream: progress per subject, and a callback when one ends.
import { useRef, useState } from 'react';
import type { JobSubject } from '@annot/workflows';
import { useServerEvents } from '@/lib/events-stream';

interface JobMessage {
  jobId: string;
  name: string;
  progress?: number;
  subject: JobSubject | null;
}

const jobEvents = ['progress', 'completed', 'failed'] as const;

export function useJobProgress(onSettled?: (subject: JobSubject, outcome: 'completed' | 'failed') => void): Record<string, number> {
  const [progress, setProgress] = useState<Record<string, number>>({});
  const settled = useRef(onSettled);
  settled.current = onSettled;

  useServerEvents(jobEvents, (type, data) => {
    const message = data as JobMessage;
    if (!message.subject) return;
    if (type === 'progress') setProgress((current) => ({ ...current, [message.subject!.id]: message.progress ?? 0 }));
    else settled.current?.(message.subject, type as 'completed' | 'failed');
  });

  return progress;
}
