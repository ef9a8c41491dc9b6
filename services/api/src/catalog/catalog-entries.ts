// The simpler catalog entries described once: their stream, their events and the field that must be unique.
import { type Lifecycle, errorGroupLifecycle, invalidReasonLifecycle } from '@annot/core';
import {
  type DomainEvent,
  type EntryState,
  type ErrorGroupInput,
  errorGroupStreamId,
  type InvalidReasonInput,
  invalidReasonStreamId,
} from '@annot/workflows';

export interface EntryKind<T> {
  lifecycle: Lifecycle<EntryState<T>, any>;
  streamId(id: string): string;
  saved(id: string, input: T): DomainEvent;
  deleted(id: string, state: EntryState<T>): DomainEvent;
  /** The projection's unique index, the field it guards and the message of a clash. */
  unique: { index: string; field: string; messageKey: string };
}

export const errorGroups: EntryKind<ErrorGroupInput> = {
  lifecycle: errorGroupLifecycle,
  streamId: errorGroupStreamId,
  saved: (groupId, input) => ({ type: 'ErrorGroupSaved', data: { groupId, ...input } }),
  deleted: (groupId, state) => ({ type: 'ErrorGroupDeleted', data: { groupId, name: state.entry?.name ?? '' } }),
  unique: { index: 'error_groups_name_idx', field: 'name', messageKey: 'catalog.error_group_name_exists' },
};

export const invalidReasons: EntryKind<InvalidReasonInput> = {
  lifecycle: invalidReasonLifecycle,
  streamId: invalidReasonStreamId,
  saved: (reasonId, input) => ({ type: 'InvalidReasonSaved', data: { reasonId, ...input } }),
  deleted: (reasonId, state) => ({ type: 'InvalidReasonDeleted', data: { reasonId, name: state.entry?.name ?? '' } }),
  unique: { index: 'invalid_reasons_code_idx', field: 'code', messageKey: 'catalog.reason_code_exists' },
};
