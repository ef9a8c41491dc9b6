// One turn of one webhook: while holding it, deliver the project's events of its types from the log after its
// cursor, in log order, one at a time; the cursor passes an event only once it is delivered, so a receiver that is
// down gets every event, in order, once it is back. At least once: a receiver dedupes by X-Annot-Delivery.
import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { type AppConfig, CONFIG, cursorOf, DATABASE, type Db, firstOfLog, LifecycleStates, openSecret, readLog, type StoredEvent, webhookStateRow } from '@annot/core';
import { projectIdOf, type WebhookPayload, type WebhookState, webhookStreamId } from '@annot/workflows';
import { WebhookDeliveriesRepository } from './webhook-deliveries.repository';
import { internalAddressOf } from './webhook-address';
import { sendDelivery } from './webhook-sender';

export type TurnOutcome = 'busy' | 'idle' | 'delivered' | 'failed';

/** Events read from the log per page, and how long one turn may hold a webhook before others get theirs. */
const pageSize = 100;
const turnMs = 10_000;
/** Streams whose project was looked up; an algorithm call's many events need one look-up. */
const streamProjectsKept = 10_000;

@Injectable()
export class WebhookDelivery {
  private readonly streamProjects = new Map<string, string | null>();

  constructor(
    @Inject(DATABASE) private readonly db: Db,
    @Inject(CONFIG) private readonly config: AppConfig,
    private readonly states: LifecycleStates,
    private readonly deliveries: WebhookDeliveriesRepository,
  ) {}

  /** `going` answers false once the worker is stopping: the turn ends after the delivery under way. */
  turn(webhookId: string, going: () => boolean): Promise<TurnOutcome> {
    // One connection for the turn: the advisory lock belongs to its session, so it is taken and given back on it.
    return this.db.connection().execute(async (conn) => {
      if (!(await this.deliveries.tryHold(conn, webhookId))) return 'busy';
      try {
        const outcome = await this.deliver(conn, webhookId, going);
        // The log is trimmed as it grows: a turn that logged attempts lets the oldest go.
        if (outcome === 'delivered' || outcome === 'failed') await this.deliveries.trimLog(conn, webhookId, this.config.webhooks.logDays);
        return outcome;
      } finally {
        await this.deliveries.release(conn, webhookId);
      }
    });
  }

  private async deliver(conn: Db, webhookId: string, going: () => boolean): Promise<TurnOutcome> {
    const streamId = webhookStreamId(webhookId);
    const { state } = await this.states.read(webhookStateRow, webhookId);
    if (state.status !== 'enabled' || !state.secret) return 'idle';
    let checkpoint = (await this.deliveries.checkpoint(conn, webhookId)) ?? (await this.deliveries.startCheckpoint(conn, webhookId, streamId));
    if (state.replays > checkpoint.replaysSeen) {
      const cursor = state.replayFrom ? await this.deliveries.cursorBefore(conn, state.replayFrom) : null;
      checkpoint = { cursor: cursor ?? checkpoint.cursor, replaysSeen: state.replays, failures: 0, nextAttemptAt: null };
      await this.deliveries.saveCheckpoint(conn, webhookId, checkpoint, null, null);
    }
    if (checkpoint.nextAttemptAt && checkpoint.nextAttemptAt.getTime() > Date.now()) return 'idle';
    const secret = openSecret(this.config.secretKey, state.secret);
    const until = Date.now() + turnMs;
    // Where the address leads is looked up once a turn, when the turn has something to send.
    let addressChecked: Promise<string | null> | undefined;
    let outcome: TurnOutcome = 'idle';
    while (going() && Date.now() < until) {
      // A page is read only once an event of the webhook's types has settled past its place: asking the types' index
      // first spares a webhook of rare types a walk through every other event behind its place at each turn.
      if (!(await firstOfLog(conn, checkpoint.cursor, state.eventTypes))?.settled) break;
      const events = await readLog(conn, { after: checkpoint.cursor, limit: pageSize, horizon: 'settled', types: state.eventTypes });
      if (events.length === 0) break;
      for (const event of events) {
        if (!going()) break;
        if ((await this.projectOf(conn, event)) !== state.projectId) {
          // Another project's event: passed over, and the cursor moves with it when the page's next save comes.
          checkpoint = { ...checkpoint, cursor: cursorOf(event) };
          continue;
        }
        const refused = await (addressChecked ??= internalAddressOf(state.url, this.config.webhooks.allowLocalHttp));
        const sent = refused
          ? { ok: false, statusCode: null, durationMs: 0, error: refused }
          : await sendDelivery(state.url, secret, payloadOf(webhookId, state, event), this.config.webhooks.timeoutMs);
        const attempt = checkpoint.failures + 1;
        await this.deliveries.logAttempt(conn, { attemptId: randomUUID(), webhookId, eventId: event.eventId, eventType: event.type, globalPosition: event.globalPosition, attempt, ...sent });
        if (!sent.ok) {
          const failures = checkpoint.failures + 1;
          const wait = Math.min(this.config.webhooks.backoffMs * 2 ** (failures - 1), this.config.webhooks.maxBackoffMs);
          await this.deliveries.saveCheckpoint(conn, webhookId, { ...checkpoint, failures, nextAttemptAt: new Date(Date.now() + wait) }, sent.error, null);
          return 'failed';
        }
        checkpoint = { ...checkpoint, cursor: cursorOf(event), failures: 0, nextAttemptAt: null };
        await this.deliveries.saveCheckpoint(conn, webhookId, checkpoint, null, { position: event.globalPosition });
        outcome = 'delivered';
      }
      await this.deliveries.saveCheckpoint(conn, webhookId, checkpoint, null, null);
    }
    return outcome;
  }

  private async projectOf(conn: Db, event: StoredEvent): Promise<string | null> {
    const named = projectIdOf(event.data);
    if (named) return named;
    if (!this.streamProjects.has(event.streamId)) {
      if (this.streamProjects.size >= streamProjectsKept) this.streamProjects.clear();
      this.streamProjects.set(event.streamId, await this.deliveries.projectOfStream(conn, event.streamId));
    }
    return this.streamProjects.get(event.streamId) ?? null;
  }
}

function payloadOf(webhookId: string, state: WebhookState, event: StoredEvent): WebhookPayload {
  return {
    id: event.eventId,
    type: event.type,
    projectId: state.projectId,
    webhookId,
    streamId: event.streamId,
    streamPosition: event.streamPosition,
    globalPosition: event.globalPosition,
    recordedAt: event.recordedAt,
    actor: { id: event.metadata.actorId, role: event.metadata.actorRole },
    data: event.data,
  };
}
