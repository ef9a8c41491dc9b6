// A large file's JSON is checked as it streams past: it must name the same place as the whole-text reader, in any
// pieces, and find no fault in any JSON text.
import { describe, expect, it } from 'vitest';
import { readMessageRef } from '../../i18n/message-ref';
import { JsonFaultFinder } from './json-fault';
import { jsonSyntaxDetail } from './parse-errors';

/** What the finder says of a text fed in pieces of `size` units. */
function faultOf(text: string, size: number): { line: number; column: number } | null {
  const finder = new JsonFaultFinder();
  for (let start = 0; start < text.length; start += size) if (!finder.feed(text.slice(start, start + size))) break;
  return finder.end();
}

const broken = [
  '{\n  "images": [],\n  "annotations": x\n}',
  '{"images": [1, 2,]}',
  '{"images": [\n',
  '',
  '{"a": 01}',
  '{"a": 1.}',
  '{"a": -}',
  '{"a": 1e}',
  '{"a": tru}',
  '{"a": nul, "b": 1}',
  '{"a" 1}',
  '{"a": 1,}',
  '{"a": [1 2]}',
  '{"a": "\\x"}',
  '{"a": "\\u12G4"}',
  '{"a": "line\nbreak"}',
  '{"a": 1}}',
  '{"a": 1} x',
  '{"a": [}',
  '{1: 2}',
  '{"a": 1]',
  '["a", "b"',
  '{"a": "abc',
  '{"a": tr',
  '[1, 2.5e',
];

const whole = [
  '{}',
  ' [ ] ',
  '0',
  '-0.5e+10',
  '"\\u00e9\\n"',
  JSON.stringify({ images: [{ id: 1, file_name: 'a b/ç.jpg', width: 640 }], annotations: [{ bbox: [1.5, -2e-7, 3, 4], segmentation: [], iscrowd: false, x: null }], categories: [] }, null, 2),
];

describe(JsonFaultFinder.name, () => {
  it('names the line and column the whole-text reader names, whatever the pieces the text arrives in', () => {
    for (const text of broken) {
      const expected = readMessageRef(jsonSyntaxDetail(text)).params;
      for (const size of [1, 3, 64, text.length || 1]) {
        const found = faultOf(text, size);
        expect(found, `${JSON.stringify(text)} in pieces of ${size}`).not.toBeNull();
        expect({ line: String(found!.line), column: String(found!.column) }, `${JSON.stringify(text)} in pieces of ${size}`).toEqual(expected);
      }
    }
  });

  it('finds no fault in a JSON text', () => {
    for (const text of whole) {
      expect(() => JSON.parse(text)).not.toThrow();
      for (const size of [1, 7, text.length]) expect(faultOf(text, size), text).toBeNull();
    }
  });
});
