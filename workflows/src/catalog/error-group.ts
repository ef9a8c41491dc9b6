// Error property groups: what inspectors mark an annotation wrong with (name, colour, type, description per value).
import { z } from 'zod';
import type { DomainEvent } from '../shared/event';
import type { EntryState } from './catalog-entry.machine';

const text = (key: string, max = 100) => z.string({ error: key }).trim().min(1, key).max(max, 'validation.too_big');

export const errorValue = z.object({
  name: text('catalog.error_value_name_empty'),
  color: z.string().trim().regex(/^#[0-9a-fA-F]{6}$/, 'catalog.color_format'),
  type: text('catalog.error_type_empty', 50),
  description: z.string().trim().max(500).default(''),
});

export const errorGroupInput = z
  .object({
    name: text('catalog.error_group_name_empty'),
    description: z.string().trim().max(500).default(''),
    values: z.array(errorValue).min(1, 'catalog.error_values_empty'),
  })
  .strict()
  .superRefine((group, ctx) => {
    const seen = new Set<string>();
    group.values.forEach((value, index) => {
      if (seen.has(value.name)) ctx.addIssue({ code: 'custom', path: ['values', index, 'name'], message: 'catalog.value_repeat', params: { value: value.name } });
      seen.add(value.name);
    });
  });
export type ErrorGroupInput = z.infer<typeof errorGroupInput>;

export type ErrorGroupSaved = DomainEvent<'ErrorGroupSaved', ErrorGroupInput & { groupId: string }>;
export type ErrorGroupDeleted = DomainEvent<'ErrorGroupDeleted', { groupId: string; name: string }>;
export type ErrorGroupEvent = ErrorGroupSaved | ErrorGroupDeleted;

export const errorGroupStreamId = (groupId: string): string => `errorgroup-${groupId}`;
