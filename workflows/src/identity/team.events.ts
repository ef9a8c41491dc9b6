// Events of a team (supplier): created and edited.
import type { DomainEvent } from '../shared/event';

export interface TeamProfile {
  name: string;
  organisationId: string;
  hiveId: string;
  size: number;
  mobile: string;
}

export type TeamCreated = DomainEvent<'TeamCreated', TeamProfile & { teamId: string }>;
export type TeamEdited = DomainEvent<'TeamEdited', { teamId: string; changes: Partial<TeamProfile> }>;
export type TeamEvent = TeamCreated | TeamEdited;

export const teamStreamId = (teamId: string): string => `team-${teamId}`;
