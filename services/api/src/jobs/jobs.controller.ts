// The server-sent events stream the console listens to (the progress of jobs about what the reader may read, and
// their unread count when their inbox changes), and the tickets that open it.
import { Controller, Inject, type MessageEvent, Post, Req, Sse } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { concatMap, filter, from, interval, map, merge, mergeMap, type Observable, startWith, take, takeUntil } from 'rxjs';
import { type AppConfig, CONFIG } from '@annot/core';
import { InboxListener } from '../comms/inbox-listener.service';
import { MessagesRepository } from '../comms/messages.repository';
import { RawResponse } from '../http/raw-response.decorator';
import { SignedIn, StreamTicketOnly } from '../identity/access/access.decorator';
import type { AuthedRequest } from '../identity/access/session.guard';
import { SessionsRepository } from '../identity/sessions/sessions.repository';
import { StreamTickets } from '../identity/sessions/stream-tickets.service';
import { EventStreams } from './event-streams.service';
import { JobAudience } from './job-audience.service';
import { JobEventsService } from './job-events.service';

/** Often enough that a client gone without a word is noticed within seconds, rare enough to cost nothing. */
export const heartbeatMs = 5_000;
/** How soon a stream ends after its session did (a sign-out, a kick-out, an idle end, a disabled account). */
export const sessionCheckMs = 15_000;

@ApiTags('jobs')
@Controller('manage/jobs')
export class JobsController {
  constructor(
    private readonly jobEvents: JobEventsService,
    private readonly audience: JobAudience,
    private readonly tickets: StreamTickets,
    private readonly inbox: InboxListener,
    private readonly messages: MessagesRepository,
    private readonly streams: EventStreams,
    private readonly sessions: SessionsRepository,
    @Inject(CONFIG) private readonly config: AppConfig,
  ) {}

  /** An EventSource cannot send the Authorization header: it opens the stream with this ticket instead. */
  @Post('stream/tickets')
  @SignedIn()
  ticket(@Req() req: AuthedRequest): Promise<{ ticket: string; expiresInSeconds: number }> {
    return this.tickets.issue(req.sessionId!);
  }

  @Sse('stream')
  @StreamTicketOnly()
  @RawResponse()
  stream(@Req() req: AuthedRequest): Observable<MessageEvent> {
    const accountId = req.actor!.id;
    // A comment the browser ignores, written every few seconds: it keeps proxies from closing an idle stream, and a
    // write to a client that left fails, which closes the connection and lets the stream go within seconds.
    const heartbeat = interval(heartbeatMs).pipe(map((): MessageEvent => ({ comment: '' })));
    // Each event is checked as it is delivered, never once at subscribe time; one at a time, so they keep their order.
    const admits = this.audience.subscriber(req.actor!);
    const jobs = this.jobEvents.events.pipe(
      concatMap((relayed) => from(admits(relayed)).pipe(filter(Boolean), map(() => relayed.event))),
      map(({ type, ...data }): MessageEvent => ({ type, data })),
    );
    // The count is read when the stream opens and again on each change, so the badge never shows a number the
    // database does not hold, nor misses a change made while the stream was closed.
    const inbox = this.inbox.changed.pipe(
      filter((changed) => changed === accountId),
      startWith(accountId),
      mergeMap(() => from(this.messages.unread(accountId).catch(() => null))),
      filter((unread): unread is number => unread !== null),
      map((unread): MessageEvent => ({ type: 'inbox', data: { unread } })),
    );
    // The console closes the stream when its person signs out; the server does not rely on it. A failed check is no end.
    const sessionEnded = interval(sessionCheckMs).pipe(
      mergeMap(() => from(this.sessions.findLiveById(req.sessionId!, this.config.sessionIdleMinutes).then((live) => live?.accountStatus === 'active', () => true))),
      filter((live) => !live),
      take(1),
    );
    return this.streams.held(merge(jobs, inbox, heartbeat).pipe(takeUntil(sessionEnded)));
  }
}
