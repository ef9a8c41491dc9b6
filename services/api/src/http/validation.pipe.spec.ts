import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldErrorsOf } from './validation.pipe';

describe(fieldErrorsOf.name, () => {
  const schema = z.object({ name: z.string().min(1, 'validation.required'), size: z.number().int(), nested: z.object({ ok: z.boolean() }) }).strict();

  it('names each field with a message key, using the schema’s own key when it gives one', () => {
    const result = schema.safeParse({ name: '', nested: { ok: 'yes' }, extra: 1 });
    expect(result.success).toBe(false);
    const fields = fieldErrorsOf(result.error!);
    expect(fields).toEqual(
      expect.arrayContaining([
        { field: 'name', messageKey: 'validation.required', params: {} },
        { field: 'size', messageKey: 'validation.required', params: {} },
        { field: 'nested.ok', messageKey: 'validation.invalid_type', params: {} },
        { field: '(root)', messageKey: 'validation.unrecognized_keys', params: { keys: 'extra' } },
      ]),
    );
  });
});
