// Listens to the console's server-sent events stream of job progress until the caller has seen enough.
import type { Platform } from './platform';

export interface StreamedEvent {
  event: string;
  data: any;
}

/**
 * Resolves once the stream is open; `done` resolves with what it received once `until` is satisfied, and `received`
 * is what has arrived so far, for a test that waits on one stream before acting.
 */
export async function listenToJobs(
  platform: Platform,
  token: string,
  until: (events: StreamedEvent[]) => boolean,
): Promise<{ done: Promise<StreamedEvent[]>; headers: Headers; received: StreamedEvent[] }> {
  const controller = new AbortController();
  const issued = await fetch(`${platform.baseUrl}/manage/jobs/stream/tickets`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
  const { data } = (await issued.json()) as { data: { ticket: string } };
  const response = await fetch(`${platform.baseUrl}/manage/jobs/stream?ticket=${encodeURIComponent(data.ticket)}`, { signal: controller.signal });
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  const received: StreamedEvent[] = [];
  const done = (async () => {
    let buffer = '';
    while (!until(received)) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += value;
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const event = /^event: (.*)$/m.exec(block)?.[1] ?? 'message';
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (data) received.push({ event, data: JSON.parse(data) });
      }
    }
    controller.abort();
    return received;
  })();
  return { done, headers: response.headers, received };
}
