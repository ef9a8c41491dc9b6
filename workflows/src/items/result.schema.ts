// The result document of an item: tracks of keyframed shapes over a sequence of frames, with attribute values,
// bounded in every dimension so no save can grow without limit.
import { z } from 'zod';
import { templateTypes } from '../catalog/tool.schemas';

export const resultLimits = {
  frames: 100_000,
  objects: 5_000,
  keyframesPerObject: 10_000,
  /** Over the whole document, so many long tracks cannot multiply into an unbounded one. */
  keyframes: 200_000,
  pointsPerShape: 10_000,
  points: 1_000_000,
  attributesPerOwner: 100,
  valuesPerAttribute: 100,
  /** A mask's side in pixels, and the runs of one mask. */
  maskSide: 16_384,
  runsPerMask: 400_000,
  /** Points of one frame's cloud a segment may label, and the runs of one segment. */
  pointsPerCloud: 10_000_000,
  runsPerSegment: 400_000,
  /** Cameras of a fusion rig that may hold a 2D box of one keyframe. */
  cameras: 16,
  text: 1_000,
  name: 100,
} as const;

const coordinate = z.number().finite().min(-1e7).max(1e7);
export const resultPoint = z.object({ x: coordinate, y: coordinate }).strict();
export type ResultPoint = z.infer<typeof resultPoint>;
const points = z.array(resultPoint).max(resultLimits.pointsPerShape, 'validation.too_big');

/** Shapes by template type; a new kind (mask, cuboid) is one more member of this union. */
/** A box may turn about its centre: `rotation` in radians, clockwise on screen; absent means upright. */
export const boxShape = z.object({ type: z.literal('box'), x: coordinate, y: coordinate, width: coordinate, height: coordinate, rotation: z.number().finite().min(-1e3).max(1e3).optional() }).strict();
export const polygonShape = z.object({ type: z.literal('polygon'), points }).strict();
export const lineShape = z.object({ type: z.literal('line'), points }).strict();
export const curveShape = z.object({ type: z.literal('curve'), points }).strict();
export const pointShape = z.object({ type: z.literal('point'), x: coordinate, y: coordinate }).strict();
/**
 * A painted region of a frame, run-length encoded over its width × height in row-major order (COCO's uncompressed
 * counts, but by rows): runs alternate unpainted and painted, starting with an unpainted one (0 where the first pixel
 * is painted), and add up to width × height. The size is the frame's, so a mask is read without its image.
 */
const maskSide = z.number().int().min(1).max(resultLimits.maskSide, 'validation.too_big');
export const maskShape = z
  .object({
    type: z.literal('mask'),
    width: maskSide,
    height: maskSide,
    counts: z.array(z.number().int().min(0).max(resultLimits.maskSide ** 2)).max(resultLimits.runsPerMask, 'validation.too_big'),
  })
  .strict();
/**
 * A 3D box in the LiDAR frame of its frame's cloud, in metres: centre, length along its heading, width across it,
 * height up. `yaw` turns it about +z from +x (counterclockwise seen from above), in radians; `pitch` (about its own y)
 * and `roll` (about its own x) are kept where the tool enables them and absent otherwise, meaning 0. Applied as
 * R = Rz(yaw)·Ry(pitch)·Rx(roll).
 */
const metres = z.number().finite().min(-1e5).max(1e5);
const extent = z.number().finite().gt(0).max(1e4);
const angle = z.number().finite().min(-1e3).max(1e3);
export const cuboidShape = z
  .object({ type: z.literal('cuboid'), x: metres, y: metres, z: metres, length: extent, width: extent, height: extent, yaw: angle, pitch: angle.optional(), roll: angle.optional() })
  .strict();
/**
 * Points of a frame's cloud labelled with the object's class, run-length encoded over the cloud's point indices:
 * runs alternate unlabelled and labelled, starting with an unlabelled one (0 where point 0 is labelled), and add up
 * to `pointCount`, the cloud's size, so the labels are read without the cloud.
 */
export const segmentShape = z
  .object({
    type: z.literal('segment'),
    pointCount: z.number().int().min(1).max(resultLimits.pointsPerCloud, 'validation.too_big'),
    counts: z.array(z.number().int().min(0).max(resultLimits.pointsPerCloud)).max(resultLimits.runsPerSegment, 'validation.too_big'),
  })
  .strict();
export const resultShape = z.discriminatedUnion('type', [boxShape, polygonShape, lineShape, curveShape, pointShape, maskShape, cuboidShape, segmentShape]);
export type Shape = z.infer<typeof resultShape>;
export type BoxShape = z.infer<typeof boxShape>;
export type MaskShape = z.infer<typeof maskShape>;
export type CuboidShape = z.infer<typeof cuboidShape>;
export type SegmentShape = z.infer<typeof segmentShape>;
/** The shapes of a point cloud's 3D space rather than of an image. */
export type SpatialShape = CuboidShape | SegmentShape;
/** The shapes drawn on an image. */
export type PlanarShape = Exclude<Shape, SpatialShape>;
export const isSpatial = (shape: Shape): shape is SpatialShape => shape.type === 'cuboid' || shape.type === 'segment';
export type PathShape = z.infer<typeof polygonShape> | z.infer<typeof lineShape> | z.infer<typeof curveShape>;

const name = z.string().min(1).max(resultLimits.name, 'validation.too_big');
/** A single choice or an input box holds one string; a multiple choice holds several. */
export const resultAttributeValue = z.union([
  z.string().max(resultLimits.text, 'validation.too_big'),
  z.array(z.string().max(resultLimits.name, 'validation.too_big')).max(resultLimits.valuesPerAttribute, 'validation.too_big'),
]);
export type AttributeValue = z.infer<typeof resultAttributeValue>;
export const resultAttributeValues = z
  .record(name, resultAttributeValue)
  .refine((values) => Object.keys(values).length <= resultLimits.attributesPerOwner, 'validation.too_big')
  .default({});
export type AttributeValues = z.infer<typeof resultAttributeValues>;

export const keyframeSources = ['drawn', 'copied', 'interpolated', 'algorithm'] as const;

export const resultKeyframe = z
  .object({
    frame: z.number().int().min(0).max(resultLimits.frames - 1),
    /** Null only where the object is outside: it has left the scene from this frame on. */
    shape: resultShape.nullable(),
    attributes: resultAttributeValues,
    outside: z.boolean().default(false),
    source: z.enum(keyframeSources).default('drawn'),
    /**
     * In a fusion project, the 2D boxes drawn for this track on the frame's camera images, by camera name: shapes of
     * the same track, per camera. Absent where none is drawn; projections of a cuboid are computed, never stored here.
     */
    cameraBoxes: z
      .record(z.string().min(1).max(resultLimits.name, 'validation.too_big'), boxShape)
      .refine((boxes) => Object.keys(boxes).length <= resultLimits.cameras, 'validation.too_big')
      .optional(),
  })
  .strict()
  .refine((k) => k.outside || k.shape !== null, { message: 'items.result.shape_missing', path: ['shape'] });
export type Keyframe = z.infer<typeof resultKeyframe>;

export const resultObject = z
  .object({
    id: z.string().min(1).max(64, 'validation.too_big'),
    toolId: z.uuid(),
    toolVersion: z.number().int().min(1),
    templateType: z.enum(templateTypes),
    /** The label exporters write; the tool's name when the editor sets none. */
    className: z.string().max(resultLimits.name, 'validation.too_big').nullable().default(null),
    attributes: resultAttributeValues,
    /** The group element instance this graphic belongs to (one vehicle of its body and wheels); the project names the groups. */
    group: z.object({ id: z.string().min(1).max(64, 'validation.too_big'), name }).strict().nullable().default(null),
    keyframes: z.array(resultKeyframe).min(1).max(resultLimits.keyframesPerObject, 'validation.too_big'),
  })
  .strict()
  .superRefine((object, ctx) => {
    // Interpolation and exporters search keyframes by frame, so order and uniqueness are part of the shape.
    object.keyframes.forEach((k, i) => {
      if (i > 0 && k.frame <= object.keyframes[i - 1].frame) ctx.addIssue({ code: 'custom', path: ['keyframes', i, 'frame'], message: 'items.result.keyframes_unsorted' });
    });
  });
export type ResultObject = z.infer<typeof resultObject>;

export const resultDocument = z
  .object({
    frameCount: z.number().int().min(1).max(resultLimits.frames).default(1),
    objects: z.array(resultObject).max(resultLimits.objects, 'validation.too_big').default([]),
    attributes: resultAttributeValues,
  })
  .strict()
  .superRefine((doc, ctx) => {
    const ids = new Set<string>();
    let keyframes = 0;
    let total = 0;
    doc.objects.forEach((object, i) => {
      if (ids.has(object.id)) ctx.addIssue({ code: 'custom', path: ['objects', i, 'id'], message: 'items.result.object_id_repeat', params: { value: object.id } });
      ids.add(object.id);
      keyframes += object.keyframes.length;
      // A mask's runs count as points do: two runs cost about what one point does.
      for (const k of object.keyframes) total += k.shape && 'points' in k.shape ? k.shape.points.length : k.shape?.type === 'mask' || k.shape?.type === 'segment' ? Math.ceil(k.shape.counts.length / 2) : 1;
    });
    if (keyframes > resultLimits.keyframes || total > resultLimits.points) ctx.addIssue({ code: 'custom', path: ['objects'], message: 'validation.too_big' });
  });
export type ResultDocument = z.infer<typeof resultDocument>;

export const emptyResult = (frameCount = 1): ResultDocument => ({ frameCount, objects: [], attributes: {} });
