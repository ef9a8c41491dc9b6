// The shape every domain event has before it is stored: a past-tense type and its data.
export interface DomainEvent<TType extends string = string, TData = unknown> {
  type: TType;
  data: TData;
}

/** The metadata the event store records with every event. */
export interface EventMetadata {
  actorId: string;
  actorRole: string;
  commandId: string;
  correlationId: string;
  causationId: string | null;
  requestId: string | null;
  clientIp: string | null;
  machine: string | null;
}
