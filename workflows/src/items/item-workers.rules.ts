// Who may know who worked on an item: those who may read the project's members (the staff, and a supplier for its
// team). Anyone else reads the item's history with every other person left out: no name, and no id to look one up by.
import { can } from '../identity/permissions';

export const mayKnowWorkers = (role: string): boolean => can(role, 'project.members.read', false);

/** The fields of an item event's data that name a person, besides the actor in its metadata. */
const personFields = ['claimerId', 'preferredClaimerId', 'savedBy', 'submittedBy', 'markedBy', 'decidedBy', 'recycledBy', 'releasedBy', 'returnedBy'] as const;

export interface WorkHistoryEntry {
  actorId: string | null;
  actorName: string | null;
  data: unknown;
}

/** The platform's own work (timers, workers) is no person's. */
const systemActorId = 'system';

/** A history entry as a reader who may not know the workers sees it: other people's ids gone, the reader's own kept. */
export function withoutOtherWorkers<T extends WorkHistoryEntry>(entry: T, readerId: string): T {
  const other = (id: unknown) => typeof id === 'string' && id !== readerId && id !== systemActorId;
  const data = { ...(entry.data as Record<string, unknown>) };
  for (const field of personFields) if (other(data[field])) data[field] = null;
  if (Array.isArray(data.annotatorIds)) data.annotatorIds = data.annotatorIds.filter((id) => !other(id));
  return other(entry.actorId) ? { ...entry, actorId: null, actorName: null, data } : { ...entry, data };
}
