// What every value and text the platform takes must be, wherever it arrives (a body, a JSON document inside a field, an
// uploaded or imported file): storable text, and nesting and size within bounds. The API's input gate and every
// reader of a field or a file ask these same checks.

/** An annotation result of thousands of polygons is the largest document the platform takes; nothing needs deeper nesting. */
export const inputLimits = { depth: 32, values: 500_000 } as const;

/** Why a value or a text is refused, as a field error: the field (a dotted path inside it), a message key, its values. */
export interface InputRefusal {
  field: string;
  messageKey: string;
  params: Record<string, string | number>;
}

/** Node 20 and every browser the console supports have it; the ES2023 library the projects compile against does not. */
type WellFormed = string & { isWellFormed(): boolean };

/** NUL and lone surrogates are refused by PostgreSQL (text, jsonb) and mean nothing to a person. */
export const isStorable = (text: string): boolean => (text as WellFormed).isWellFormed() && !text.includes('\u0000');

const refusal = (field: string, messageKey: string, params: Record<string, string | number> = {}): InputRefusal => ({ field: field || '(root)', messageKey, params });

/** A value met on the walk, with what its path is made of, so the path is written only for the one refused. */
interface Visit {
  value: unknown;
  depth: number;
  parent: Visit | null;
  key: string;
}

function pathOf(visit: Visit, field: string): string {
  const keys: string[] = [];
  for (let at: Visit | null = visit; at?.parent; at = at.parent) keys.push(at.key);
  return (field ? [field, ...keys.reverse()] : keys.reverse()).join('.');
}

/**
 * The first thing wrong in a parsed value, walked without recursion so no depth of nesting can overflow the stack.
 * Values are counted as they are found, so a body of more values than the limit is refused before they are walked.
 */
export function valueRefusal(root: unknown, field: string): InputRefusal | null {
  const stack: Visit[] = [{ value: root, depth: 0, parent: null, key: '' }];
  let found = 1;
  while (stack.length > 0) {
    const visit = stack.pop()!;
    const { value, depth } = visit;
    if (typeof value === 'string') {
      if (!isStorable(value)) return refusal(pathOf(visit, field), 'validation.invalid_characters');
      continue;
    }
    if (typeof value !== 'object' || value === null) continue;
    if (depth >= inputLimits.depth) return refusal(pathOf(visit, field), 'validation.too_deep', { max: inputLimits.depth });
    const keys = Array.isArray(value) ? null : Object.keys(value);
    found += keys ? keys.length : (value as unknown[]).length;
    if (found > inputLimits.values) return refusal(field, 'validation.too_many_values', { max: inputLimits.values });
    if (keys) {
      for (const key of keys) {
        if (!isStorable(key)) return refusal(pathOf(visit, field), 'validation.invalid_characters');
        stack.push({ value: (value as Record<string, unknown>)[key], depth: depth + 1, parent: visit, key });
      }
    } else {
      (value as unknown[]).forEach((child, index) => stack.push({ value: child, depth: depth + 1, parent: visit, key: String(index) }));
    }
  }
  return null;
}

/** A file's bytes as text: UTF-8 (a fatal decoder, so no byte is silently replaced), without NUL, within its size. */
export function textOf(bytes: Uint8Array, field: string, maxBytes?: number): { text: string } | { refused: InputRefusal } {
  if (maxBytes !== undefined && bytes.length > maxBytes) return { refused: refusal(field, 'validation.too_large', { max: maxBytes }) };
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return { refused: refusal(field, 'validation.invalid_characters') };
  }
  return isStorable(text) ? { text } : { refused: refusal(field, 'validation.invalid_characters') };
}

/** A JSON document carried in a field (whose schema bounds its length) or a file, held to the same rules as a request body. */
export function jsonOf(source: string | Uint8Array, field: string, maxBytes?: number): { value: unknown } | { refused: InputRefusal } {
  let text = source as string;
  if (typeof source !== 'string') {
    const read = textOf(source, field, maxBytes);
    if ('refused' in read) return read;
    text = read.text;
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { refused: refusal(field, 'validation.malformed_json') };
  }
  const refused = valueRefusal(value, field);
  return refused ? { refused } : { value };
}
