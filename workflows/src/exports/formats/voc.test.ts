// Pascal VOC as a reader of the devkit's files sees it: one <annotation> per item with its size and an <object>
// per box (polygons as their bounds), the item and class lists, and the same files imported back.
import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import type { Keyframe, ResultObject } from '../../items/result.schema';
import { importDetails, importReasons, type ImportedFile } from '../format';
import { readMessageRef } from '../../i18n/message-ref';
import { itemFinder } from '../import-matching';
import { context, encodeAll, item, sizeOf, text } from './round-trip.test-support';
import { decodeVoc, vocEncoder } from './voc';

const decodeContext = { rule: null, sizeOf };
const reader = new XMLParser({ parseTagValue: false, isArray: (name) => name === 'object' || name === 'attribute' || name === 'value' });
const annotationIn = (files: ImportedFile[], path = 'Annotations/Week 1/frames/0001.xml') => reader.parse(text(files, path)).annotation;
const xmlFile = (path: string, xml: string): ImportedFile => ({ path, content: Buffer.from(xml) });

const track = (id: string, toolIndex: number, keyframes: Partial<Keyframe>[], over: Partial<ResultObject> = {}): ResultObject => ({
  id,
  toolId: context.tools[toolIndex].toolId,
  toolVersion: 1,
  templateType: context.tools[toolIndex].definition.templateType,
  className: null,
  attributes: {},
  group: null,
  keyframes: keyframes.map((k) => ({ frame: 0, shape: null, attributes: {}, outside: false, source: 'drawn', ...k })),
  ...over,
});
const single = (objects: ResultObject[], frameCount = 1) => item({ result: { frameCount, attributes: {}, objects } });

describe(vocEncoder.name, () => {
  describe('item', () => {
    const files = encodeAll(vocEncoder, [item()]);
    const annotation = annotationIn(files);

    it('writes Annotations/<batch>/<stem>.xml with folder, filename, size and segmented as the devkit does', () => {
      expect(text(files, 'Annotations/Week 1/frames/0001.xml')).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<annotation>/);
      expect(annotation).toMatchObject({ folder: 'Week 1', filename: 'frames/0001.png', size: { width: '640', height: '480', depth: '3' }, segmented: '0' });
    });

    it('writes a box as an object with its class, the VOC flags and its drawn edges in pixels', () => {
      expect(annotation.object[0]).toMatchObject({ name: 'Vehicle', pose: 'Unspecified', truncated: '0', difficult: '0', bndbox: { xmin: '100.25', ymin: '50.5', xmax: '220.25', ymax: '130.5' } });
    });

    it('writes a polygon as its bounding box only, and leaves lines out', () => {
      expect(annotation.object).toHaveLength(2);
      expect(annotation.object[1]).toMatchObject({ name: 'Drivable area', bndbox: { xmin: '10', ymin: '240', xmax: '630', ymax: '400' } });
      expect(annotation.object[1].polygon).toBeUndefined();
    });

    it('writes each attribute as <name> and <value>, a multiple choice as <values>, and the object id as track_id', () => {
      expect(annotation.object[0].attributes.attribute).toEqual([
        { name: 'category', value: ['car'] },
        { name: 'lights', values: { value: ['brake', 'left'] } },
        { name: 'track_id', value: ['car-1'] },
      ]);
    });

    it('counts only the objects it wrote, leaving curves and points out', () => {
      const encoded = vocEncoder(context).item(
        single([track('curve-1', 2, [{ shape: { type: 'curve', points: [{ x: 0, y: 0 }, { x: 5, y: 5 }] } }]), track('point-1', 2, [{ shape: { type: 'point', x: 3, y: 4 } }])]),
      );
      expect(encoded.objects).toBe(0);
      expect(encoded.files[0].content).not.toContain('<object>');
    });

    it('escapes the characters XML reserves in names and values', () => {
      const odd = track('a&b', 0, [{ shape: { type: 'box', x: 1, y: 2, width: 3, height: 4 } }], { className: 'R&D <car>', attributes: { note: '"quoted" & <tagged>' } });
      const xml = encodeAll(vocEncoder, [single([odd])])[0].content.toString('utf8');
      expect(xml).toContain('<name>R&amp;D &lt;car&gt;</name>');
      expect(xml).not.toContain('<tagged>');
    });

    it('writes a sequence’s first frame, since a VOC file holds one picture', () => {
      const moving = track('car-1', 0, [{ frame: 0, shape: { type: 'box', x: 0, y: 0, width: 10, height: 10 } }, { frame: 2, shape: { type: 'box', x: 50, y: 50, width: 10, height: 10 } }]);
      const later = track('car-2', 0, [{ frame: 1, shape: { type: 'box', x: 5, y: 5, width: 5, height: 5 } }]);
      const objects = annotationIn(encodeAll(vocEncoder, [single([moving, later], 3)])).object;
      expect(objects).toHaveLength(1);
      expect(objects[0].bndbox).toEqual({ xmin: '0', ymin: '0', xmax: '10', ymax: '10' });
    });
  });

  describe('finish', () => {
    it('lists the items in ImageSets/Main/default.txt and the classes in labelmap.txt, tools first, then names first seen', () => {
      const bus = track('bus-1', 0, [{ shape: { type: 'box', x: 1, y: 2, width: 3, height: 4 } }], { className: 'Bus' });
      const files = encodeAll(vocEncoder, [item(), item({ index: 2, batchName: 'Week 2', fileName: 'b.png', mediaPath: 'images/Week 2/b.png', result: { frameCount: 1, attributes: {}, objects: [bus] } })]);
      expect(text(files, 'ImageSets/Main/default.txt')).toBe('Week 1/frames/0001\nWeek 2/b\n');
      expect(text(files, 'labelmap.txt')).toBe('Vehicle\nDrivable area\nLane\nBus\n');
    });
  });
});

describe(decodeVoc.name, () => {
  it('reads its own files back: classes, exact boxes, attributes with lists, and track ids', () => {
    const { items, refusals } = decodeVoc(encodeAll(vocEncoder, [item()]), decodeContext);
    expect(refusals).toEqual([]);
    expect(items).toEqual([
      {
        fileName: 'frames/0001.png',
        source: 'Annotations/Week 1/frames/0001.xml',
        objects: [
          { source: 'Annotations/Week 1/frames/0001.xml object[0]', className: 'Vehicle', shape: { type: 'box', x: 100.25, y: 50.5, width: 120, height: 80 }, attributes: { category: 'car', lights: ['brake', 'left'] }, id: 'car-1' },
          { source: 'Annotations/Week 1/frames/0001.xml object[1]', className: 'Drivable area', shape: { type: 'box', x: 10, y: 240, width: 620, height: 160 }, attributes: {}, id: 'road-1' },
        ],
      },
    ]);
  });

  it('gives back reserved characters, spaces around values and an empty multiple choice as they were', () => {
    const odd = track('a&b', 0, [{ shape: { type: 'box', x: 1, y: 2, width: 3, height: 4 } }], { className: 'R&D <car>', attributes: { note: ' "quoted" & <tagged> ', lights: [] } });
    const [object] = decodeVoc(encodeAll(vocEncoder, [single([odd])]), decodeContext).items[0].objects;
    expect(object).toMatchObject({ className: 'R&D <car>', id: 'a&b', attributes: { note: ' "quoted" & <tagged> ', lights: [] } });
  });

  it('reads a devkit file: the name in <filename>, else the file’s stem, which the importer matches to an item, with its pose and truncation', () => {
    const devkit = `<annotation><folder>VOC2012</folder><filename>0001.jpg</filename><size><width>500</width><height>375</height><depth>3</depth></size>
      <object><name>car</name><pose>Left</pose><truncated>1</truncated><difficult>0</difficult><bndbox><xmin>48</xmin><ymin>240</ymin><xmax>195</xmax><ymax>371</ymax></bndbox></object></annotation>`;
    const nameless = '<annotation><object><name>car</name><bndbox><xmin>1</xmin><ymin>1</ymin><xmax>2</xmax><ymax>2</ymax></bndbox></object></annotation>';
    const { items, refusals } = decodeVoc([xmlFile('voc/Annotations/0001.xml', devkit), xmlFile('voc/Annotations/frames/0002.xml', nameless), xmlFile('labelmap.txt', 'car\n')], decodeContext);
    expect(refusals).toEqual([]);
    expect(items.map((i) => i.fileName)).toEqual(['0001.jpg', 'frames/0002']);
    expect(items[0].objects).toEqual([{ source: 'voc/Annotations/0001.xml object[0]', className: 'car', shape: { type: 'box', x: 48, y: 240, width: 147, height: 131 }, attributes: { pose: 'Left', truncated: '1' } }]);
    const find = itemFinder([{ itemId: 'b', fileName: 'frames/0002.png', width: 640, height: 480, waiting: true }]);
    expect(find(items[1].fileName)?.itemId).toBe('b');
  });

  it('refuses an object without a class or with a box the wrong way round or unreadable, by its index', () => {
    const xml = `<annotation><filename>a.png</filename>
      <object><bndbox><xmin>1</xmin><ymin>1</ymin><xmax>2</xmax><ymax>2</ymax></bndbox></object>
      <object><name>Vehicle</name><bndbox><xmin>50</xmin><ymin>5</ymin><xmax>10</xmax><ymax>20</ymax></bndbox></object>
      <object><name>Vehicle</name><bndbox><xmin>one</xmin><ymin>5</ymin><xmax>10</xmax></bndbox></object>
      <object><name>Vehicle</name><bndbox><xmin>1</xmin><ymin>5</ymin><xmax>10</xmax><ymax>20</ymax></bndbox></object></annotation>`;
    const { items, refusals } = decodeVoc([xmlFile('a.xml', xml)], decodeContext);
    expect(refusals.map((r) => [r.source, r.reasonKey])).toEqual([
      ['a.xml object[0]', importReasons.malformed],
      ['a.xml object[1]', importReasons.wrongGeometry],
      ['a.xml object[2]', importReasons.wrongGeometry],
    ]);
    expect(items[0].objects).toHaveLength(1);
  });

  it('refuses a file that is not well-formed XML or has no <annotation>, once, naming the line and column, and reads the other files', () => {
    const { items, refusals } = decodeVoc(
      [xmlFile('a.xml', '<annotation>\n<filename>a.png</annotation>'), xmlFile('b.xml', '<other/>'), xmlFile('c.xml', '<annotation><filename>c.png</filename></annotation>')],
      decodeContext,
    );
    expect(refusals.map((r) => [r.source, r.reasonKey])).toEqual([
      ['a.xml', importReasons.malformed],
      ['b.xml', importReasons.malformed],
    ]);
    expect(readMessageRef(String(refusals[0].params?.detail))).toEqual({ key: importDetails.xmlSyntax, params: { line: '2', column: '16' } });
    expect(items.map((i) => i.fileName)).toEqual(['c.png']);
  });

  it('says there is nothing to read when no .xml file was uploaded', () => {
    expect(decodeVoc([xmlFile('labels/a.txt', '')], decodeContext).refusals).toEqual([{ source: 'labels/a.txt', reasonKey: importReasons.noFiles }]);
  });
});
