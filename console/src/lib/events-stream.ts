// A tab's side of the browser's one events stream (job progress, inbox changes): the tab joins the shared hub while
// anything in it listens, answers the hub's requests for tickets, and hands its listeners only the events of the
// session the tab is signed in with.
import { useEffect, useRef } from 'react';
import { request } from './api-client';
import { isTokenStorageEvent, readToken, tokenChangedEvent } from './auth-token';
import { EventsHub, type HubMessage, type HubPort, type StreamEventType, type TabMessage } from './events-hub';

type Listener = (data: unknown) => void;
type TabPort = HubPort<HubMessage, TabMessage>;

const listeners = new Map<StreamEventType, Set<Listener>>();
let port: TabPort | null = null;
let joined = false;
/** The session this tab last named to the hub. */
let named: string | null = null;

const listening = () => [...listeners.values()].some((set) => set.size > 0);

function hubPort(): TabPort {
  if (typeof SharedWorker === 'function') {
    const worker = new SharedWorker(new URL('./events-hub.worker.ts', import.meta.url), { type: 'module', name: 'annot-events' });
    return worker.port as unknown as TabPort;
  }
  // Without shared workers (Chrome on Android, a test's DOM) the tab runs a hub of its own: one stream per tab.
  return ownHub();
}

/** A hub inside this tab, its messages passed on as a MessagePort would, after the current task. */
function ownHub(): TabPort {
  const tab: TabPort = { onmessage: null, postMessage: (message) => queueMicrotask(() => hub.onmessage?.({ data: message })) };
  const hub: HubPort<TabMessage, HubMessage> = { onmessage: null, postMessage: (message) => queueMicrotask(() => tab.onmessage?.({ data: message })) };
  new EventsHub().connect(hub);
  return tab;
}

function connected(): TabPort {
  if (port) return port;
  port = hubPort();
  port.onmessage = ({ data }) => receive(data);
  window.addEventListener('storage', (event) => {
    if (isTokenStorageEvent(event)) nameSession();
  });
  window.addEventListener(tokenChangedEvent, nameSession);
  // A page that leaves stops listening at once; one brought back from the back-forward cache joins again.
  window.addEventListener('pagehide', () => leave());
  window.addEventListener('pageshow', (event) => {
    if (event.persisted && listening()) join();
  });
  return port;
}

function receive(message: HubMessage): void {
  const session = readToken();
  if (message.session !== session) {
    // Events of a session this tab is not signed in with reach nobody here; the hub learns the tab's session.
    nameSession();
    return;
  }
  if (message.kind === 'event') {
    for (const listener of listeners.get(message.type) ?? []) listener(message.data);
    return;
  }
  // EventSource cannot send headers: the stream opens with a short-lived ticket, never the session token.
  request<{ ticket: string }>('POST', '/manage/jobs/stream/tickets').then(
    ({ data }) => port?.postMessage({ kind: 'ticket', session, ticket: data.ticket }),
    () => port?.postMessage({ kind: 'no-ticket', session }),
  );
}

function join(): void {
  named = readToken();
  joined = true;
  connected().postMessage({ kind: 'join', session: named });
}

function leave(): void {
  if (!joined) return;
  joined = false;
  port?.postMessage({ kind: 'leave' });
}

function nameSession(): void {
  const session = readToken();
  if (!joined || session === named) return;
  named = session;
  port?.postMessage({ kind: 'session', session });
}

function subscribe(type: StreamEventType, listener: Listener): () => void {
  let set = listeners.get(type);
  if (!set) {
    set = new Set();
    listeners.set(type, set);
  }
  set.add(listener);
  if (!joined) join();
  return () => {
    set.delete(listener);
    // A page that swaps its listeners in one render keeps its place; one left without any leaves the hub.
    setTimeout(() => {
      if (!listening()) leave();
    });
  };
}

/** Calls `onEvent` with each event of the types given while the component is mounted. */
export function useServerEvents(types: readonly StreamEventType[], onEvent: (type: StreamEventType, data: unknown) => void): void {
  const handler = useRef(onEvent);
  handler.current = onEvent;
  const key = types.join(',');
  useEffect(() => {
    const stops = (key.split(',') as StreamEventType[]).map((type) => subscribe(type, (data) => handler.current(type, data)));
    return () => stops.forEach((stop) => stop());
  }, [key]);
}
