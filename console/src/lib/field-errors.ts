// A form field's error among the field errors of a refusal: the server names the field (`rule`), zod the path inside it (`rule.ratio`).
import type { FieldErrors } from '@/lib/form-errors';

export function fieldError(errors: FieldErrors, field: string): string | undefined {
  if (errors[field]) return errors[field];
  const inside = Object.keys(errors).find((key) => key.startsWith(`${field}.`));
  return inside ? errors[inside] : undefined;
}
