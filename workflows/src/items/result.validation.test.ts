import { describe, expect, it } from 'vitest';
import { toolInput } from '../catalog/tool.schemas';
import { car, carTool, resultConfig, resultWith } from './item.test-fixtures';
import type { Keyframe, ResultDocument, ResultObject, Shape } from './result.schema';
import { maxResultIssues, type ResultConfig, saveIssues, submitIssues } from './result.validation';

const laneTool = '00000000-0000-4000-8000-000000007002';
const signTool = '00000000-0000-4000-8000-000000007003';
const config: ResultConfig = {
  ...resultConfig,
  tools: [
    ...resultConfig.tools,
    {
      toolId: laneTool,
      toolVersion: 3,
      definition: toolInput.parse({ name: 'lane', templateType: 'polygon', attributes: [{ name: 'kinds', displayName: 'Kinds', exportName: 'kinds', type: 'multiple', options: [{ name: 'solid' }, { name: 'dashed' }] }] }),
    },
    {
      toolId: signTool,
      toolVersion: 1,
      definition: toolInput.parse({
        name: 'plate',
        templateType: 'box',
        aspectRatio: '2:1',
        attributes: [{ name: 'text', displayName: 'Text', exportName: 'text', type: 'input', required: true, minChars: 3, maxChars: 8 }],
      }),
    },
  ],
  itemAttributes: toolInput.parse({ name: 'item', templateType: 'box', attributes: [{ name: 'weather', displayName: 'Weather', exportName: 'weather', type: 'single', required: true, options: [{ name: 'sun' }, { name: 'rain' }] }] }).attributes,
};
const doc = (over: Partial<ResultDocument>): ResultDocument => ({ frameCount: 1, objects: [], attributes: { weather: 'sun' }, ...over });
const at = (frame: number, shape: Shape | null, over: Partial<Keyframe> = {}): Keyframe => ({ frame, shape, attributes: {}, outside: false, source: 'drawn', ...over });
const keys = (issues: { messageKey: string }[]) => issues.map((i) => i.messageKey);

describe('saveIssues', () => {
  it('finds nothing wrong in a result that fits the tools and the image', () => {
    expect(saveIssues(doc({ objects: [car()] }), config)).toEqual([]);
  });
  it('names a tool the project does not cite, and a version it does not cite', () => {
    const unknown = car({ toolId: '00000000-0000-4000-8000-00000000ffff' });
    expect(saveIssues(doc({ objects: [unknown] }), config)).toEqual([{ objectId: 'car-1', messageKey: 'items.result.tool_unknown', params: { toolId: '00000000-0000-4000-8000-00000000ffff' } }]);
    expect(saveIssues(doc({ objects: [car({ toolVersion: 2 })] }), config)).toEqual([{ objectId: 'car-1', messageKey: 'items.result.tool_version', params: { expected: 1, actual: 2 } }]);
  });
  it("refuses an object whose template or shape is not its tool's", () => {
    expect(keys(saveIssues(doc({ objects: [car({ templateType: 'polygon' })] }), config))).toContain('items.result.template_mismatch');
    expect(saveIssues(doc({ objects: [car({ keyframes: [at(0, { type: 'point', x: 1, y: 1 })] })] }), config)).toEqual([
      { objectId: 'car-1', messageKey: 'items.result.shape_mismatch', params: { frame: 0, expected: 'box', actual: 'point' } },
    ]);
  });
  it('names an unknown attribute, and one given at the wrong level', () => {
    expect(saveIssues(doc({ objects: [car({ attributes: { color: 'red', size: 'big' } })] }), config)).toEqual([
      { objectId: 'car-1', attribute: 'size', messageKey: 'items.result.attribute_unknown', params: { name: 'size', owner: '1. car' } },
    ]);
    expect(saveIssues(doc({ objects: [car({ attributes: { color: 'red', occluded: 'yes' } })] }), config)).toEqual([
      { objectId: 'car-1', attribute: 'occluded', messageKey: 'items.result.attribute_wrong_level', params: { name: 'occluded', owner: '1. car' } },
    ]);
  });
  it('checks frame attributes on keyframes, naming the frame', () => {
    const object = car({ keyframes: [at(0, { type: 'box', x: 1, y: 1, width: 5, height: 5 }, { attributes: { occluded: 'maybe' } })] });
    expect(saveIssues(doc({ objects: [object] }), config)).toEqual([
      { objectId: 'car-1', attribute: 'occluded', messageKey: 'items.result.option_unknown', params: { frame: 0, name: 'Occluded', value: 'maybe', owner: '1. car' } },
    ]);
  });
  it('refuses values of the wrong type: a list for a single choice, text for a multiple choice', () => {
    expect(keys(saveIssues(doc({ objects: [car({ attributes: { color: ['red'] } })] }), config))).toEqual(['items.result.attribute_type']);
    const lane = car({ id: 'lane-1', toolId: laneTool, toolVersion: 3, templateType: 'polygon', attributes: { kinds: 'solid' }, keyframes: [at(0, { type: 'polygon', points: [{ x: 0, y: 0 }, { x: 5, y: 0 }, { x: 0, y: 5 }] })] });
    expect(keys(saveIssues(doc({ objects: [lane] }), config))).toEqual(['items.result.attribute_type']);
  });
  it('refuses options outside the list and options chosen twice', () => {
    const lane = (kinds: string[]) =>
      car({ id: 'lane-1', toolId: laneTool, toolVersion: 3, templateType: 'polygon', attributes: { kinds }, keyframes: [at(0, { type: 'polygon', points: [{ x: 0, y: 0 }, { x: 5, y: 0 }, { x: 0, y: 5 }] })] });
    expect(saveIssues(doc({ objects: [lane(['solid', 'double'])] }), config)).toEqual([
      { objectId: 'lane-1', attribute: 'kinds', messageKey: 'items.result.option_unknown', params: { name: 'Kinds', value: 'double', owner: '1. lane' } },
    ]);
    expect(keys(saveIssues(doc({ objects: [lane(['solid', 'solid'])] }), config))).toEqual(['items.result.option_repeat']);
  });
  it('refuses text longer than the maximum, at save already', () => {
    const plate = car({ id: 'plate-1', toolId: signTool, attributes: { text: 'ABCDEFGHIJ' }, keyframes: [at(0, { type: 'box', x: 0, y: 0, width: 20, height: 10 })] });
    expect(saveIssues(doc({ objects: [plate] }), config)).toEqual([{ objectId: 'plate-1', attribute: 'text', messageKey: 'items.result.chars_too_many', params: { name: 'Text', max: 8, owner: '1. plate' } }]);
  });
  it('refuses a box without positive size, or reaching outside the image', () => {
    expect(keys(saveIssues(doc({ objects: [car({ keyframes: [at(0, { type: 'box', x: 5, y: 5, width: 0, height: 4 })] })] }), config))).toEqual(['items.result.box_empty']);
    expect(saveIssues(doc({ objects: [car({ keyframes: [at(0, { type: 'box', x: 90, y: 5, width: 20, height: 4 })] })] }), config)).toEqual([
      { objectId: 'car-1', messageKey: 'items.result.outside_image', params: { frame: 0, width: 100, height: 80 } },
    ]);
    expect(saveIssues(doc({ objects: [car({ keyframes: [at(0, { type: 'box', x: 80, y: 70, width: 20, height: 10 })] })] }), config)).toEqual([]);
  });
  it('skips the bounds where the image was not measured', () => {
    expect(saveIssues(doc({ objects: [car({ keyframes: [at(0, { type: 'box', x: 900, y: 5, width: 20, height: 4 })] })] }), { ...config, image: null })).toEqual([]);
  });
  it('refuses a polygon of fewer than three points and a point outside the image', () => {
    const lane = (points: { x: number; y: number }[]) => car({ id: 'lane-1', toolId: laneTool, toolVersion: 3, templateType: 'polygon', attributes: {}, keyframes: [at(0, { type: 'polygon', points })] });
    expect(saveIssues(doc({ objects: [lane([{ x: 0, y: 0 }, { x: 5, y: 5 }])] }), config)).toEqual([{ objectId: 'lane-1', messageKey: 'items.result.polygon_points', params: { frame: 0, min: 3 } }]);
    expect(keys(saveIssues(doc({ objects: [lane([{ x: 0, y: 0 }, { x: 5, y: 5 }, { x: 101, y: 5 }])] }), config))).toEqual(['items.result.outside_image']);
  });
  it('refuses a line of one point', () => {
    const lineTool = { toolId: laneTool, toolVersion: 3, definition: { ...config.tools[1].definition, templateType: 'line' as const } };
    const line = car({ id: 'line-1', toolId: laneTool, toolVersion: 3, templateType: 'line', attributes: {}, keyframes: [at(0, { type: 'line', points: [{ x: 1, y: 1 }] })] });
    expect(keys(saveIssues(doc({ objects: [line] }), { ...config, tools: [lineTool] }))).toEqual(['items.result.line_points']);
  });
  it("refuses a box that does not keep its tool's aspect ratio", () => {
    const plate = (width: number, height: number) => car({ id: 'plate-1', toolId: signTool, attributes: {}, keyframes: [at(0, { type: 'box', x: 0, y: 0, width, height })] });
    expect(saveIssues(doc({ objects: [plate(20, 10)] }), config)).toEqual([]);
    expect(saveIssues(doc({ objects: [plate(20, 15)] }), config)).toEqual([{ objectId: 'plate-1', messageKey: 'items.result.aspect_ratio', params: { frame: 0, ratio: '2:1' } }]);
  });
  it('refuses a keyframe past the last frame', () => {
    expect(keys(saveIssues(doc({ objects: [car({ keyframes: [at(0, { type: 'box', x: 1, y: 1, width: 2, height: 2 }), at(3, { type: 'box', x: 1, y: 1, width: 2, height: 2 })] })] }), config))).toEqual([
      'items.result.frame_out_of_range',
    ]);
  });
  it("refuses a result whose frame count is not the item's", () => {
    expect(saveIssues(doc({ frameCount: 1 }), { ...config, frameCount: 30 })).toEqual([{ objectId: null, messageKey: 'items.result.frame_count_mismatch', params: { frameCount: 1, expected: 30, count: 1 } }]);
    expect(saveIssues(doc({ frameCount: 30 }), { ...config, frameCount: 30 })).toEqual([]);
  });
  it('does not check the shape of an outside keyframe', () => {
    expect(saveIssues(doc({ frameCount: 5, objects: [car({ keyframes: [at(0, { type: 'box', x: 1, y: 1, width: 2, height: 2 }), at(3, null, { outside: true })] })] }), config)).toEqual([]);
  });
  it('checks item attributes with no object named', () => {
    expect(saveIssues(doc({ attributes: { weather: 'snow' } }), config)).toEqual([{ objectId: null, attribute: 'weather', messageKey: 'items.result.option_unknown', params: { name: 'Weather', value: 'snow', owner: 'items.result.the_item' } }]);
  });
  it('does not ask for required attributes', () => {
    expect(saveIssues(doc({ attributes: {}, objects: [car({ attributes: {} })] }), config)).toEqual([]);
  });
  it(`answers at most ${maxResultIssues} issues`, () => {
    const objects = Array.from({ length: 300 }, (_, i) => car({ id: `car-${i}`, attributes: { color: 'green' } }));
    expect(saveIssues(doc({ objects }), config)).toHaveLength(maxResultIssues);
  });
});

describe('saveIssues of group elements', () => {
  const wheelTool = '00000000-0000-4000-8000-000000007004';
  const grouped: ResultConfig = {
    ...config,
    tools: [...config.tools, { toolId: wheelTool, toolVersion: 1, definition: toolInput.parse({ name: 'wheel', templateType: 'box', attributes: [] }) }],
    groups: [{ name: 'vehicle', toolIds: [config.tools[0].toolId, wheelTool] }],
  };
  const box = { type: 'box' as const, x: 1, y: 1, width: 5, height: 5 };
  const body = (group: ResultObject['group']) => car({ group });
  const wheel = (id: string, group: ResultObject['group']) => car({ id, toolId: wheelTool, attributes: {}, group, keyframes: [at(0, box)] });
  const inconsistent = (objectId: string, group: string) => ({ objectId, messageKey: 'projects.group_tools_inconsistent', params: { group } });

  it('accepts a vehicle made of its body and two wheels, drawn with the group tools', () => {
    const vehicle = { id: 'v1', name: 'vehicle' };
    expect(saveIssues(doc({ objects: [body(vehicle), wheel('w1', vehicle), wheel('w2', vehicle)] }), grouped)).toEqual([]);
  });
  it('refuses a graphic whose tool is not one of its group tools', () => {
    const lane = car({ id: 'lane-1', toolId: laneTool, toolVersion: 3, templateType: 'polygon', attributes: {}, group: { id: 'v1', name: 'vehicle' }, keyframes: [at(0, { type: 'polygon', points: [{ x: 0, y: 0 }, { x: 5, y: 0 }, { x: 0, y: 5 }] })] });
    expect(saveIssues(doc({ objects: [body({ id: 'v1', name: 'vehicle' }), lane] }), grouped)).toEqual([inconsistent('lane-1', 'vehicle')]);
  });
  it('refuses a group the project does not configure', () => {
    expect(saveIssues(doc({ objects: [body({ id: 'p1', name: 'pedestrian' })] }), grouped)).toEqual([inconsistent('car-1', 'pedestrian')]);
    expect(saveIssues(doc({ objects: [body({ id: 'v1', name: 'vehicle' })] }), config)).toEqual([inconsistent('car-1', 'vehicle')]);
  });
  it('refuses one group instance named as two groups', () => {
    const other: ResultConfig = { ...grouped, groups: [...grouped.groups!, { name: 'trailer', toolIds: [wheelTool] }] };
    expect(saveIssues(doc({ objects: [body({ id: 'v1', name: 'vehicle' }), wheel('w1', { id: 'v1', name: 'trailer' })] }), other)).toEqual([inconsistent('w1', 'trailer')]);
  });
  it('leaves ungrouped objects alone', () => {
    expect(saveIssues(doc({ objects: [body(null), wheel('w1', null)] }), grouped)).toEqual([]);
  });
});

describe('submitIssues', () => {
  it('also asks for required instance and item attributes, naming object and attribute', () => {
    expect(submitIssues(doc({ attributes: {}, objects: [car({ attributes: {} })] }), config)).toEqual([
      { objectId: null, attribute: 'weather', messageKey: 'items.result.attribute_required', params: { name: 'Weather', owner: 'items.result.the_item' } },
      { objectId: 'car-1', attribute: 'color', messageKey: 'items.result.attribute_required', params: { name: 'Color', owner: '1. car' } },
    ]);
  });
  it('counts an empty value as missing and a default item as an answer', () => {
    expect(keys(submitIssues(doc({ objects: [car({ attributes: { color: '' } })] }), config))).toEqual(['items.result.attribute_required']);
    const withDefault: ResultConfig = { ...config, tools: [{ ...config.tools[0], definition: toolInput.parse({ ...carTool, attributes: [{ ...carTool.attributes[0], defaultItem: 'red' }] }) }] };
    expect(submitIssues(doc({ objects: [car({ attributes: {} })] }), withDefault)).toEqual([]);
  });
  it('asks for a required frame attribute at every visible keyframe, carried forward from earlier ones', () => {
    const required: ResultConfig = { ...config, tools: [{ ...config.tools[0], definition: toolInput.parse({ ...carTool, attributes: [carTool.attributes[0], { ...carTool.attributes[1], required: true }] }) }] };
    const visible = { type: 'box' as const, x: 1, y: 1, width: 2, height: 2 };
    const carried = car({ keyframes: [at(0, visible, { attributes: { occluded: 'no' } }), at(2, visible)] });
    expect(submitIssues(doc({ frameCount: 3, objects: [carried] }), required)).toEqual([]);
    const missing = car({ keyframes: [at(0, visible), at(1, null, { outside: true }), at(2, visible, { attributes: { occluded: 'no' } })] });
    expect(submitIssues(doc({ frameCount: 3, objects: [missing] }), required)).toEqual([
      { objectId: 'car-1', attribute: 'occluded', messageKey: 'items.result.attribute_required', params: { frame: 0, name: 'Occluded', owner: '1. car' } },
    ]);
  });
  it('asks for the minimum of characters', () => {
    const plate = car({ id: 'plate-1', toolId: signTool, attributes: { text: 'AB' }, keyframes: [at(0, { type: 'box', x: 0, y: 0, width: 20, height: 10 })] });
    expect(saveIssues(doc({ objects: [plate] }), config)).toEqual([]);
    expect(submitIssues(doc({ objects: [plate] }), config)).toEqual([{ objectId: 'plate-1', attribute: 'text', messageKey: 'items.result.chars_too_few', params: { name: 'Text', min: 3, owner: '1. plate' } }]);
  });
  it('still refuses what a save refuses', () => {
    expect(keys(submitIssues(doc({ objects: [car({ attributes: { color: 'green' } })] }), config))).toEqual(['items.result.option_unknown']);
  });
  it('accepts a result with no objects where nothing is required', () => {
    expect(submitIssues(resultWith(), resultConfig)).toEqual([]);
  });
});
