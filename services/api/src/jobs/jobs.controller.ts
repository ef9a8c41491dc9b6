// The server-sent events stream of job progress that the console listens to.
import { Controller, type MessageEvent, Sse } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { interval, map, merge, type Observable } from 'rxjs';
import { RawResponse } from '../http/raw-response.decorator';
import { SignedIn } from '../identity/access/access.decorator';
import { JobEventsService } from './job-events.service';

@ApiTags('jobs')
@Controller('manage/jobs')
export class JobsController {
  constructor(private readonly jobEvents: JobEventsService) {}

  @Sse('stream')
  @SignedIn()
  @RawResponse()
  stream(): Observable<MessageEvent> {
    // A comment-free heartbeat keeps proxies from closing an idle stream.
    const heartbeat = interval(25_000).pipe(map((): MessageEvent => ({ type: 'heartbeat', data: {} })));
    const jobs = this.jobEvents.events.pipe(map(({ type, ...data }): MessageEvent => ({ type, data })));
    return merge(jobs, heartbeat);
  }
}
