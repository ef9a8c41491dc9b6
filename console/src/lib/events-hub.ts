// The one server-sent events stream of a browser, shared by all its console tabs: it runs in a shared worker, holds
// the stream of the session the tabs last named, hands each event to every tab marked with that session, and closes
// the stream as soon as no tab listens.

/** Every event type the stream carries that the console listens to. */
export const streamEventTypes = ['progress', 'completed', 'failed', 'inbox'] as const;
export type StreamEventType = (typeof streamEventTypes)[number];

/** A session is named by its token, which every tab of the browser reads from the same storage. */
export type TabMessage =
  | { kind: 'join'; session: string | null }
  | { kind: 'session'; session: string | null }
  | { kind: 'ticket'; session: string; ticket: string }
  | { kind: 'no-ticket'; session: string }
  | { kind: 'leave' };

export type HubMessage = { kind: 'event'; session: string; type: StreamEventType; data: unknown } | { kind: 'ticket-wanted'; session: string };

/** The part of a MessagePort the hub and a tab use, so a tab without shared workers can run the hub itself. */
export interface HubPort<In, Out> {
  postMessage(message: Out): void;
  onmessage: ((event: { data: In }) => void) | null;
}

const reconnectMs = 3_000;
/** A tab asked for a ticket that has not answered by then is asked again, or another tab is. */
const ticketWaitMs = 10_000;

export class EventsHub {
  /** The tabs listening, with the session each last named, in the order they last spoke. */
  private readonly tabs = new Map<HubPort<TabMessage, HubMessage>, string | null>();
  private session: string | null = null;
  private source: EventSource | null = null;
  private asked: { tab: HubPort<TabMessage, HubMessage>; timer: ReturnType<typeof setTimeout> } | null = null;
  private unanswered: HubPort<TabMessage, HubMessage> | null = null;
  private retry: ReturnType<typeof setTimeout> | undefined;

  connect(tab: HubPort<TabMessage, HubMessage>): void {
    tab.onmessage = ({ data }) => this.receive(tab, data);
  }

  private receive(tab: HubPort<TabMessage, HubMessage>, message: TabMessage): void {
    switch (message.kind) {
      case 'join':
      case 'session':
        this.tabs.delete(tab);
        this.tabs.set(tab, message.session);
        break;
      case 'leave':
        this.tabs.delete(tab);
        if (this.asked?.tab === tab) this.stopAsking();
        break;
      case 'ticket':
        if (message.session !== this.session || this.source) return;
        this.stopAsking();
        this.open(message.ticket);
        return;
      case 'no-ticket':
        if (message.session !== this.session) return;
        this.stopAsking();
        this.retryLater();
        return;
    }
    this.settle();
  }

  /** The newest word of a tab still listening decides whose stream it is: a sign-in or sign-out in any tab. */
  private wanted(): string | null {
    return [...this.tabs.values()].at(-1) ?? null;
  }

  private settle(): void {
    const wanted = this.wanted();
    if (wanted !== this.session) {
      this.close();
      this.session = wanted;
    }
    if (this.session && !this.source && !this.asked && this.retry === undefined) this.askForTicket(this.session);
  }

  /** The hub has no session token of its own: a tab of the session asks for the ticket, as the tab's own request. */
  private askForTicket(session: string): void {
    const candidates = [...this.tabs].filter(([, named]) => named === session).map(([tab]) => tab);
    const tab = candidates.findLast((candidate) => candidate !== this.unanswered) ?? candidates.at(-1);
    if (!tab) return;
    tab.postMessage({ kind: 'ticket-wanted', session });
    const timer = setTimeout(() => {
      this.unanswered = tab;
      this.asked = null;
      this.settle();
    }, ticketWaitMs);
    this.asked = { tab, timer };
  }

  private open(ticket: string): void {
    const session = this.session!;
    const source = new EventSource(`/manage/jobs/stream?ticket=${encodeURIComponent(ticket)}`);
    for (const type of streamEventTypes) {
      source.addEventListener(type, (event) => {
        const data: unknown = JSON.parse((event as MessageEvent<string>).data);
        for (const tab of this.tabs.keys()) tab.postMessage({ kind: 'event', session, type, data });
      });
    }
    // The browser would reconnect with the same, soon expired ticket; ask for a new one instead.
    source.onerror = () => {
      source.close();
      if (this.source !== source) return;
      this.source = null;
      this.retryLater();
    };
    this.source = source;
  }

  private retryLater(): void {
    clearTimeout(this.retry);
    this.retry = setTimeout(() => {
      this.retry = undefined;
      this.settle();
    }, reconnectMs);
  }

  private stopAsking(): void {
    if (this.asked) clearTimeout(this.asked.timer);
    this.asked = null;
    this.unanswered = null;
  }

  private close(): void {
    this.source?.close();
    this.source = null;
    this.stopAsking();
    clearTimeout(this.retry);
    this.retry = undefined;
  }
}
