// The server-sent events stream of job progress that the console listens to, and the tickets that open it.
import { Controller, type MessageEvent, Post, Req, Sse } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { interval, map, merge, type Observable } from 'rxjs';
import { RawResponse } from '../http/raw-response.decorator';
import { SignedIn, StreamTicketOnly } from '../identity/access/access.decorator';
import type { AuthedRequest } from '../identity/access/session.guard';
import { StreamTickets } from '../identity/sessions/stream-tickets.service';
import { JobEventsService } from './job-events.service';

@ApiTags('jobs')
@Controller('manage/jobs')
export class JobsController {
  constructor(
    private readonly jobEvents: JobEventsService,
    private readonly tickets: StreamTickets,
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
  stream(): Observable<MessageEvent> {
    // A comment-free heartbeat keeps proxies from closing an idle stream.
    const heartbeat = interval(25_000).pipe(map((): MessageEvent => ({ type: 'heartbeat', data: {} })));
    const jobs = this.jobEvents.events.pipe(map(({ type, ...data }): MessageEvent => ({ type, data })));
    return merge(jobs, heartbeat);
  }
}
