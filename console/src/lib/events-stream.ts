// The one server-sent events stream of a tab (job progress, inbox changes), shared by every listener: opened with
// the first listener, closed with the last, reopened with a fresh ticket when it drops.
import { useEffect, useRef } from 'react';
import { request } from './api-client';
import { readToken } from './auth-token';

type Listener = (data: unknown) => void;

const reconnectMs = 3_000;
const listeners = new Map<string, Set<Listener>>();
let source: EventSource | null = null;
let opening = false;
let retry: ReturnType<typeof setTimeout> | undefined;

const listening = () => [...listeners.values()].some((set) => set.size > 0);

/** EventSource cannot send headers: each connection opens with a fresh short-lived ticket, never the session token. */
async function open(): Promise<void> {
  if (source || opening || !readToken()) return;
  opening = true;
  try {
    const { data } = await request<{ ticket: string }>('POST', '/manage/jobs/stream/tickets');
    if (!listening()) return;
    const opened = new EventSource(`/manage/jobs/stream?ticket=${encodeURIComponent(data.ticket)}`);
    for (const type of listeners.keys()) attach(opened, type);
    // The browser would reconnect with the same, soon expired ticket; ask for a new one instead.
    opened.onerror = () => {
      opened.close();
      if (source === opened) source = null;
      reconnect();
    };
    source = opened;
  } catch {
    reconnect();
  } finally {
    opening = false;
  }
}

function attach(target: EventSource, type: string): void {
  target.addEventListener(type, (event) => {
    const data: unknown = JSON.parse((event as MessageEvent<string>).data);
    for (const listener of listeners.get(type) ?? []) listener(data);
  });
}

function reconnect(): void {
  clearTimeout(retry);
  if (listening()) retry = setTimeout(() => void open(), reconnectMs);
}

function subscribe(type: string, listener: Listener): () => void {
  let set = listeners.get(type);
  if (!set) {
    set = new Set();
    listeners.set(type, set);
    if (source) attach(source, type);
  }
  set.add(listener);
  void open();
  return () => {
    set.delete(listener);
    if (!listening()) {
      clearTimeout(retry);
      source?.close();
      source = null;
    }
  };
}

/** Calls `onEvent` with each event of the types given while the component is mounted. */
export function useServerEvents(types: readonly string[], onEvent: (type: string, data: unknown) => void): void {
  const handler = useRef(onEvent);
  handler.current = onEvent;
  const key = types.join(',');
  useEffect(() => {
    const stops = key.split(',').map((type) => subscribe(type, (data) => handler.current(type, data)));
    return () => stops.forEach((stop) => stop());
  }, [key]);
}
