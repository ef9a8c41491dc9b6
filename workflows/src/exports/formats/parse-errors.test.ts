// A file that does not parse is refused with where it breaks, never with the parser's English sentence.
import { load as loadYaml } from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { readMessageRef } from '../../i18n/message-ref';
import { type ImportedFile, importDetails, importReasons } from '../format';
import { decodeCoco } from './coco';
import { jsonSyntaxDetail, yamlSyntaxDetail } from './parse-errors';

const at = (detail: string) => readMessageRef(detail);

describe(jsonSyntaxDetail.name, () => {
  it('names the line and column of a token V8 reports without a position', () => {
    const text = '{\n  "images": [],\n  "annotations": x\n}';
    expect(() => JSON.parse(text)).toThrow(/not valid JSON/);
    expect(at(jsonSyntaxDetail(text))).toEqual({ key: importDetails.jsonSyntax, params: { line: '3', column: '18' } });
  });

  it('names the end of a document cut short, and of an empty one', () => {
    expect(at(jsonSyntaxDetail('{"images": [\n'))).toEqual({ key: importDetails.jsonSyntax, params: { line: '2', column: '1' } });
    expect(at(jsonSyntaxDetail(''))).toEqual({ key: importDetails.jsonSyntax, params: { line: '1', column: '1' } });
  });

  it('is what a JSON format’s refusal says, with no English of the parser', () => {
    const broken: ImportedFile = { path: 'instances.json', content: Buffer.from('{"images": [1, 2,]}') };
    const { refusals } = decodeCoco([broken], { rule: null, sizeOf: () => null } as never);
    expect(refusals).toEqual([{ source: 'instances.json', reasonKey: importReasons.malformed, params: { format: 'COCO', detail: jsonSyntaxDetail('{"images": [1, 2,]}') } }]);
    expect(at(String(refusals[0].params?.detail)).params).toEqual({ line: '1', column: '18' });
  });
});

describe(yamlSyntaxDetail.name, () => {
  it('counts js-yaml’s lines and columns from one', () => {
    let error: unknown;
    try {
      loadYaml('path: data\nnames: car: bus\n');
    } catch (caught) {
      error = caught;
    }
    expect(at(yamlSyntaxDetail(error))).toEqual({ key: importDetails.yamlSyntax, params: { line: '2', column: '11' } });
  });
});
