// Invalid-image reasons: why a data item cannot be annotated, with a code unique across the catalog.
import { z } from 'zod';
import type { DomainEvent } from '../shared/event';
import type { EntryState } from './catalog-entry.machine';

export const invalidReasonInput = z
  .object({
    code: z.string({ error: 'catalog.reason_code_empty' }).trim().min(1, 'catalog.reason_code_empty').max(32, 'validation.too_big').regex(/^[A-Za-z0-9_-]+$/, 'catalog.reason_code_format'),
    name: z.string({ error: 'catalog.reason_name_empty' }).trim().min(1, 'catalog.reason_name_empty').max(100, 'validation.too_big'),
    description: z.string().trim().max(500).default(''),
  })
  .strict();
export type InvalidReasonInput = z.infer<typeof invalidReasonInput>;

export type InvalidReasonSaved = DomainEvent<'InvalidReasonSaved', InvalidReasonInput & { reasonId: string }>;
export type InvalidReasonDeleted = DomainEvent<'InvalidReasonDeleted', { reasonId: string; name: string }>;
export type InvalidReasonEvent = InvalidReasonSaved | InvalidReasonDeleted;

export const invalidReasonStreamId = (reasonId: string): string => `invalidreason-${reasonId}`;
