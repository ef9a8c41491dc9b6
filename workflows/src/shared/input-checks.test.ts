import { describe, expect, it } from 'vitest';
import { inputLimits, jsonOf, textOf, valueRefusal } from './input-checks';

const nested = (depth: number): unknown => (depth === 0 ? 1 : [nested(depth - 1)]);

describe('valueRefusal', () => {
  it('names the first string or key holding a NUL or a lone surrogate by its path inside the field', () => {
    expect(valueRefusal({ a: [{ b: 'x\u0000' }] }, 'content')).toEqual({ field: 'content.a.0.b', messageKey: 'validation.invalid_characters', params: {} });
    expect(valueRefusal({ a: '\ud800' }, '')).toEqual({ field: 'a', messageKey: 'validation.invalid_characters', params: {} });
    expect(valueRefusal({ ['k\udc00']: 1 }, 'body')).toMatchObject({ field: 'body', messageKey: 'validation.invalid_characters' });
  });

  it('lets a surrogate pair, an empty value and plain numbers through', () => {
    expect(valueRefusal({ emoji: '\ud83d\ude97', empty: '', list: [1, null, true] }, 'content')).toBeNull();
  });

  it('refuses nesting deeper than the limit without overflowing the stack, however deep', () => {
    expect(valueRefusal(nested(inputLimits.depth), 'x')).toBeNull();
    expect(valueRefusal(nested(inputLimits.depth + 1), 'x')).toMatchObject({ messageKey: 'validation.too_deep', params: { max: inputLimits.depth } });
    expect(valueRefusal(JSON.parse(`${'['.repeat(5000)}${']'.repeat(5000)}`), 'x')?.messageKey).toBe('validation.too_deep');
  });

  it('counts every value, the containers included, and refuses one past the limit, nested or flat', () => {
    // The root object and its list are two values, so the list may hold the limit less two.
    const flat = (length: number) => ({ list: Array.from({ length }, () => 0) });
    expect(valueRefusal(flat(inputLimits.values - 2), 'body')).toBeNull();
    expect(valueRefusal(flat(inputLimits.values - 1), 'body')).toEqual({ field: 'body', messageKey: 'validation.too_many_values', params: { max: inputLimits.values } });
    const spread = Array.from({ length: 1000 }, () => Array.from({ length: inputLimits.values / 1000 }, () => 'x'));
    expect(valueRefusal(spread, '')?.messageKey).toBe('validation.too_many_values');
  });
});

describe('textOf', () => {
  it('reads UTF-8 text and refuses broken UTF-8, an encoded surrogate, a NUL and too many bytes', () => {
    expect(textOf(Buffer.from('a,b\n车'), 'file')).toEqual({ text: 'a,b\n车' });
    for (const bytes of [[0xff], [0xed, 0xa0, 0x80], [0x61, 0x00]]) expect(textOf(Buffer.from(bytes), 'file')).toEqual({ refused: { field: 'file', messageKey: 'validation.invalid_characters', params: {} } });
    expect(textOf(Buffer.from('abcd'), 'file', 3)).toEqual({ refused: { field: 'file', messageKey: 'validation.too_large', params: { max: 3 } } });
  });
});

describe('jsonOf', () => {
  it('parses a JSON document carried in a string or bytes, and refuses what a body would be refused for', () => {
    expect(jsonOf('{"a":[1]}', 'content')).toEqual({ value: { a: [1] } });
    expect(jsonOf('{"a":"\\u0000"}', 'content')).toEqual({ refused: { field: 'content.a', messageKey: 'validation.invalid_characters', params: {} } });
    expect(jsonOf(Buffer.from('{"a":"\\ud800"}'), 'a.json')).toMatchObject({ refused: { field: 'a.json.a' } });
    expect(jsonOf('{', 'content')).toEqual({ refused: { field: 'content', messageKey: 'validation.malformed_json', params: {} } });
  });
});
