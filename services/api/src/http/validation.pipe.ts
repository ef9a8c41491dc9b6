// Validates bodies, queries and params with the same zod schemas the console uses; failures are 400 with field errors.
import { AppError, type FieldError } from '@annot/core';
import type { ArgumentMetadata, PipeTransform, Type } from '@nestjs/common';
import { createZodValidationPipe } from 'nestjs-zod';
import type { ZodError } from 'zod';
import { hasMessage } from '../i18n/translate';
import { firstRefusal } from './input-gate';

export function fieldErrorsOf(error: ZodError): FieldError[] {
  return error.issues.map((issue) => {
    const field = issue.path.map(String).join('.') || '(root)';
    // A schema may name a message key of its own; otherwise the issue's code picks a generic one.
    const custom = hasMessage(issue.message) ? issue.message : null;
    // zod leaves the input out of its issues; its default message is the only trace of a missing field.
    const required = issue.code === 'invalid_type' && /received undefined$/.test(issue.message);
    const messageKey = custom ?? (required ? 'validation.required' : `validation.${issue.code}`);
    const params: Record<string, unknown> = {};
    if (issue.code === 'unrecognized_keys') params.keys = issue.keys.join(', ');
    if (issue.code === 'custom' && issue.params) Object.assign(params, issue.params);
    return { field, messageKey: hasMessage(messageKey) ? messageKey : 'validation.invalid', params };
  });
}

const ZodValidationPipe: Type<PipeTransform> = createZodValidationPipe({
  createValidationException: (error: unknown) =>
    new AppError(400, 'VALIDATION_FAILED', 'errors.validation_failed', {}, fieldErrorsOf(error as ZodError)),
});

/** The seed's client adds a timestamp `t` to every GET against caches; no query schema has to know about it. */
export class ValidationPipe extends ZodValidationPipe {
  override transform(value: unknown, metadata: ArgumentMetadata): unknown {
    if (metadata.type === 'query' && typeof value === 'object' && value !== null && 't' in value) {
      const { t: _, ...rest } = value as Record<string, unknown>;
      return super.transform(rest, metadata);
    }
    // The text fields of a multipart body arrive after the input gate ran; they pass its value checks here.
    const refused = metadata.type === 'body' ? firstRefusal(value, '') : null;
    if (refused) throw refused;
    return super.transform(value, metadata);
  }
}
