// Events of an account's life: creation, edits, sessions, passwords, being disabled or enabled, an auditor's projects.
import type { DomainEvent } from '../shared/event';

export interface AccountProfile {
  name: string;
  /** The sign-in name: a phone, an email or a plain account name. */
  account: string;
  phone: string | null;
  email: string | null;
  role: string;
  teamId: string | null;
  company: string | null;
}

export type AccountCreated = DomainEvent<'AccountCreated', AccountProfile & { accountId: string; passwordHash: string }>;
export type AccountRegistered = DomainEvent<
  'AccountRegistered',
  AccountProfile & { accountId: string; passwordHash: string; countryId: number; currentLocate: number; teamNumber: string | null }
>;
export type AccountEdited = DomainEvent<'AccountEdited', { accountId: string; changes: Partial<AccountProfile> }>;
export type AccountDisabled = DomainEvent<'AccountDisabled', { accountId: string }>;
export type AccountEnabled = DomainEvent<'AccountEnabled', { accountId: string }>;
export type PasswordChanged = DomainEvent<'PasswordChanged', { accountId: string; passwordHash: string; reason: 'reset' | 'admin' }>;
/** The whole set of projects an auditor reads from now on, replacing the set before. */
export type AuditorProjectsAssigned = DomainEvent<'AuditorProjectsAssigned', { accountId: string; projectIds: string[] }>;
export type ChatAccountBound = DomainEvent<'ChatAccountBound', { accountId: string; dingTalkAccount: string }>;
export type SessionStarted = DomainEvent<
  'SessionStarted',
  { accountId: string; sessionId: string; tokenHash: string; via: 'password' | 'ticket' }
>;
export type SessionTokenRotated = DomainEvent<'SessionTokenRotated', { accountId: string; sessionId: string; tokenHash: string }>;
export type SessionEnded = DomainEvent<
  'SessionEnded',
  { accountId: string; sessionId: string; reason: 'logout' | 'kicked' | 'disabled' | 'password_changed' }
>;

export type AccountEvent =
  | AccountCreated
  | AccountRegistered
  | AccountEdited
  | AccountDisabled
  | AccountEnabled
  | PasswordChanged
  | ChatAccountBound
  | AuditorProjectsAssigned
  | SessionStarted
  | SessionTokenRotated
  | SessionEnded;

export const accountStreamId = (accountId: string): string => `account-${accountId}`;
