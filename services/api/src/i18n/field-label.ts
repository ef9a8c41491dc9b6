// The words a person reads for a field of their input, in a refusal or in the management log.
import { hasMessage } from './translate';

/**
 * A top-level field with a label becomes that label's message key, which translate says in the reader's language; a
 * nested path stays as written, since it points into a document the caller sent and is found by its names.
 */
export function fieldLabel(field: string): string {
  const key = `fields.${field}`;
  return !field.includes('.') && hasMessage(key) ? key : field;
}
