import { describe, expect, it } from 'vitest';
import { toolInput } from '../catalog/tool.schemas';
import type { CuboidShape, Keyframe, ResultDocument, ResultObject } from './result.schema';
import { type ResultConfig, saveIssues, submitIssues } from './result.validation';

const carTool = '00000000-0000-4000-8000-000000007201';
const tiltTool = '00000000-0000-4000-8000-000000007202';
const config = (sameBoxSizeCount: number): ResultConfig => ({
  tools: [
    { toolId: carTool, toolVersion: 1, definition: toolInput.parse({ name: 'Car', templateType: 'cuboid', sameBoxSizeCount }) },
    { toolId: tiltTool, toolVersion: 1, definition: toolInput.parse({ name: 'Ramp', templateType: 'cuboid', enablePitchRoll: true }) },
  ],
  image: null,
  frameCount: 10,
});
const cuboid = (length: number, width = 1.8, height = 1.5, over: Partial<CuboidShape> = {}): CuboidShape => ({ type: 'cuboid', x: 5, y: 0, z: -1, length, width, height, yaw: 0.3, ...over });
const at = (frame: number, shape: CuboidShape): Keyframe => ({ frame, shape, attributes: {}, outside: false, source: 'drawn' });
const track = (id: string, toolId: string, ...keyframes: Keyframe[]): ResultObject => ({ id, toolId, toolVersion: 1, templateType: 'cuboid', className: null, attributes: {}, group: null, keyframes });
const doc = (...objects: ResultObject[]): ResultDocument => ({ frameCount: 10, objects, attributes: {} });

describe('submitIssues of cuboids', () => {
  describe('sameBoxSizeCount', () => {
    const sizes = track('car-7', carTool, at(0, cuboid(4.5)), at(3, cuboid(4.504)), at(5, cuboid(4.6)), at(8, cuboid(4.6, 1.9)));

    it('counts sizes rounded to the centimetre and names the cuboid and its count where they exceed the tool’s number', () => {
      expect(submitIssues(doc(sizes), config(2))).toEqual([{ objectId: 'car-7', messageKey: 'items.result.box_sizes', params: { object: 'car-7', count: 3, max: 2 } }]);
    });

    it('accepts as many sizes as the tool allows, and any number where it is 0', () => {
      expect(submitIssues(doc(sizes), config(3))).toEqual([]);
      expect(submitIssues(doc(sizes), config(0))).toEqual([]);
    });

    it('leaves saves alone, so a cuboid can be resized while it is edited', () => {
      expect(saveIssues(doc(sizes), config(1))).toEqual([]);
    });
  });

  describe('pitch and roll', () => {
    it('refuses a tilted cuboid on a tool that does not enable tilting, at save already', () => {
      const tilted = track('car-1', carTool, at(0, cuboid(4.5)), at(2, cuboid(4.5, 1.8, 1.5, { pitch: 0.1 })));
      expect(saveIssues(doc(tilted), config(0))).toEqual([{ objectId: 'car-1', messageKey: 'items.result.pitch_roll', params: { frame: 2, name: 'Car' } }]);
    });

    it('accepts pitch and roll on a tool that enables them', () => {
      const ramp = track('ramp-1', tiltTool, at(0, cuboid(4.5, 1.8, 1.5, { pitch: 0.1, roll: -0.05 })));
      expect(submitIssues(doc(ramp), config(0))).toEqual([]);
    });
  });
});

describe('saveIssues of camera boxes', () => {
  const rig: ResultConfig = { ...config(0), cameras: [{ name: 'front', width: 1920, height: 1080 }, { name: 'side', width: 640, height: 480 }] };
  const boxed = (cameraBoxes: Keyframe['cameraBoxes']) => track('car-2', carTool, { ...at(3, cuboid(4.5)), cameraBoxes });
  const box = (x: number, y: number, width: number, height: number) => ({ type: 'box' as const, x, y, width, height });

  it('checks each box against its own camera’s image, not the first camera’s', () => {
    // Within the front camera's 1920×1080 but past the side camera's 640×480.
    const issues = saveIssues(doc(boxed({ front: box(1200, 600, 300, 200), side: box(1200, 600, 300, 200) })), rig);
    expect(issues).toEqual([{ objectId: 'car-2', messageKey: 'items.result.camera_box_outside', params: { frame: 3, camera: 'side', width: 640, height: 480 } }]);
  });

  it('accepts boxes that lie within their camera’s image, edges included', () => {
    expect(saveIssues(doc(boxed({ front: box(0, 0, 1920, 1080), side: box(600, 400, 40, 80) })), rig)).toEqual([]);
  });

  it('refuses an empty box', () => {
    expect(saveIssues(doc(boxed({ side: box(10, 10, 0, 20) })), rig)).toEqual([{ objectId: 'car-2', messageKey: 'items.result.box_empty', params: { frame: 3, camera: 'side' } }]);
  });

  it('refuses a box on a camera the rig does not have, naming it and the rig’s cameras', () => {
    expect(saveIssues(doc(boxed({ CAM_LEFT: box(10, 10, 20, 20), front: box(10, 10, 20, 20) })), rig)).toEqual([
      { objectId: 'car-2', messageKey: 'items.result.camera_not_on_rig', params: { frame: 3, camera: 'CAM_LEFT', cameras: 'front, side' } },
    ]);
  });

  it('leaves camera boxes unchecked where the item has no rig', () => {
    expect(saveIssues(doc(boxed({ side: box(1200, 600, 300, 200) })), config(0))).toEqual([]);
  });
});
