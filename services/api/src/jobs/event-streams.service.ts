// The events streams this API process holds open: each counted from its subscription to its teardown, so an admin
// can see that a client which left is let go.
import { Injectable } from '@nestjs/common';
import { defer, finalize, type Observable } from 'rxjs';

@Injectable()
export class EventStreams {
  private open = 0;

  get count(): number {
    return this.open;
  }

  /** `stream`, counted while someone is subscribed to it. */
  held<T>(stream: Observable<T>): Observable<T> {
    return defer(() => {
      this.open += 1;
      return stream.pipe(finalize(() => (this.open -= 1)));
    });
  }
}
