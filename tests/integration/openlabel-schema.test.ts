// Every OpenLABEL document an export writes, of a picture and of a sequence with every shape, validates against the
// published ASAM OpenLABEL 1.0.0 JSON schema; a document that breaks the schema is caught by the same check.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import Ajv from 'ajv';
import { describe, expect, it } from 'vitest';
import { exportEncoders } from '@annot/workflows';
import { context, encodeAll, item } from '../../workflows/src/exports/formats/round-trip.test-support';

const schema = JSON.parse(readFileSync(path.join(__dirname, '../fixtures/openlabel/openlabel_json_schema-v1.0.0.json'), 'utf8'));
const validate = new Ajv({ strict: false, allErrors: true }).compile(schema);

describe('OpenLABEL exports against the published schema', () => {
  it('validates a picture with a box, a polygon and a line, and a three-frame sequence with a turned box leaving and coming back', () => {
    const picture = item();
    const sequence = item({
      fileName: 'frames/seq.png',
      mediaPath: 'images/Week 1/frames/seq.png',
      result: {
        frameCount: 3,
        attributes: {},
        objects: [
          {
            ...picture.result.objects[0],
            keyframes: [
              { frame: 0, shape: { type: 'box', x: 10, y: 10, width: 20, height: 20 }, attributes: { moving: 'yes' }, outside: false, source: 'drawn' },
              { frame: 2, shape: { type: 'box', x: 30, y: 10, width: 20, height: 20 }, attributes: {}, outside: false, source: 'drawn' },
            ],
          },
          { ...picture.result.objects[2], keyframes: [{ frame: 1, shape: { type: 'point', x: 5, y: 6 }, attributes: {}, outside: false, source: 'drawn' }], templateType: 'point' },
          {
            ...picture.result.objects[0],
            id: 'turned-1',
            keyframes: [
              { frame: 0, shape: { type: 'box', x: 1, y: 1, width: 8, height: 4, rotation: 0.3 }, attributes: {}, outside: false, source: 'drawn' },
              { frame: 1, shape: null, attributes: {}, outside: true, source: 'drawn' },
              { frame: 2, shape: { type: 'box', x: 2, y: 1, width: 8, height: 4, rotation: -0.3 }, attributes: {}, outside: false, source: 'drawn' },
            ],
          },
        ],
      },
    });
    for (const file of encodeAll(exportEncoders.openlabel, [picture, sequence], context)) {
      const document = JSON.parse(file.content.toString('utf8'));
      expect(validate(document), `${file.path}: ${JSON.stringify(validate.errors)}`).toBe(true);
    }
  });

  it('would catch a document that breaks the schema', () => {
    const [file] = encodeAll(exportEncoders.openlabel, [item()], context);
    const document = JSON.parse(file.content.toString('utf8'));
    document.openlabel.frames['0'].objects['0'].object_data.bbox[0].val = [1, 2, 3];
    expect(validate(document)).toBe(false);
  });
});
