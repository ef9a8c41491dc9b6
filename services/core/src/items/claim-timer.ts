// A claim's auto-recycle timer: a delayed job at the claim's deadline, the command id its expiry runs under, and how
// long a minute of a deadline lasts (a setting, so tests need not wait a real one).
import type { ItemEvent, WorkPlan } from '@annot/workflows';
import { JobName } from '../jobs/job-catalogue';
import type { OutboxMessage } from '../outbox/outbox-message';

/** One timer for each claim with a deadline among the events. */
export function claimTimers(events: ItemEvent[]): OutboxMessage[] {
  return events.flatMap((e) =>
    e.type === 'ItemClaimed' && e.data.deadline !== null
      ? [{ name: JobName.ExpireClaim, data: { itemId: e.data.itemId, claimId: e.data.claimId, claimerId: e.data.claimerId }, runAt: e.data.deadline } satisfies OutboxMessage]
      : [],
  );
}

/** A timer delivered twice, or retried, expires its claim once. */
export const expiryCommandId = (claimId: string): string => `${JobName.ExpireClaim}:${claimId}`;

const realMinuteMs = 60_000;

/** The plan whose deadlines last `minuteMs` per minute of the project's auto-recycle time. */
export function withClaimMinute(plan: WorkPlan, minuteMs: number): WorkPlan {
  if (plan.autoRecycleMinutes === null || minuteMs === realMinuteMs) return plan;
  return { ...plan, autoRecycleMinutes: (plan.autoRecycleMinutes * minuteMs) / realMinuteMs };
}
