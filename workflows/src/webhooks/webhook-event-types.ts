// The event types a webhook may subscribe to: a curated part of the log, each naming its project, in four groups.
/**
 * Every type here carries `projectId` in its data, except the algorithm call's later events, whose project is the
 * one their call was requested for (the first event of the same stream). Identity, catalog and webhook events are
 * never offered: they belong to no project, or would leak secrets.
 */
export const webhookEventGroups = {
  work: [
    'ItemEnteredPool',
    'ItemClaimed',
    'ItemReleased',
    'ItemClaimExpired',
    'ItemSubmitted',
    'ItemMarkedInvalid',
    'ItemMarkedValid',
    'ItemPassed',
    'ItemRejected',
    'ItemHeld',
    'ItemRecycled',
    'ItemFinished',
    'ItemReturned',
  ],
  quality: [
    'SamplingTaskCreated',
    'SamplingRoundClosed',
    'SamplingScopePassed',
    'SamplingScopeReturned',
    'SamplingRoundStarted',
    'SamplingTaskHeld',
    'SamplingTaskDecided',
    'AcceptanceBatchCreated',
    'AcceptanceBatchClaimed',
    'AcceptanceBatchSubmitted',
    'AcceptanceBatchPassed',
    'AcceptanceBatchRejected',
    'AcceptanceBatchWithdrawn',
  ],
  exports: ['ExportRequested', 'ExportStarted', 'ExportSucceeded', 'ExportFailed', 'ExportExpired'],
  algorithm_calls: ['AlgorithmCallRequested', 'AlgorithmCallInterrupted', 'AlgorithmCallResumed', 'AlgorithmCallFinished', 'AlgorithmCallStopped', 'AlgorithmCallRestarted'],
} as const;

export type WebhookEventGroup = keyof typeof webhookEventGroups;
export type WebhookEventType = (typeof webhookEventGroups)[WebhookEventGroup][number];

export const webhookEventTypes: readonly WebhookEventType[] = Object.values(webhookEventGroups).flat();

export const isWebhookEventType = (type: string): type is WebhookEventType => (webhookEventTypes as readonly string[]).includes(type);

/** The project an event of the log belongs to when its data says so; null when its stream's first event must tell. */
export function projectIdOf(data: unknown): string | null {
  const projectId = (data as { projectId?: unknown } | null)?.projectId;
  return typeof projectId === 'string' ? projectId : null;
}

/** What a receiver gets: the event as the log holds it, with where it stands in its stream and in the log. */
export interface WebhookPayload {
  /** The event id, also sent as X-Annot-Delivery: the same on every retry and replay. */
  id: string;
  type: string;
  projectId: string;
  webhookId: string;
  streamId: string;
  /** Strings: 64-bit numbers. Within one stream the positions only grow, and deliveries keep that order. */
  streamPosition: string;
  globalPosition: string;
  recordedAt: string;
  actor: { id: string; role: string };
  data: unknown;
}
