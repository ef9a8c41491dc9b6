// A fusion rig: each camera's intrinsics, lens distortion, size and the transform from the LiDAR frame into its own,
// and the ego poses of a sequence's frames. Camera axes are OpenCV's: x right, y down, z forward.
import { z } from 'zod';

export const distortionModels = ['none', 'radtan', 'fisheye'] as const;

const finite = z.number().finite();
/** A camera's name as folders and routes carry it. */
export const cameraName = z.string().min(1).max(64, 'validation.too_big').regex(/^[A-Za-z0-9_.-]+$/, 'fusion.camera_name');

export const cameraCalibration = z
  .object({
    name: cameraName,
    width: z.number().int().min(1).max(16_384),
    height: z.number().int().min(1).max(16_384),
    intrinsics: z.object({ fx: finite.positive(), fy: finite.positive(), cx: finite, cy: finite, skew: finite.default(0) }).strict(),
    /**
     * OpenCV's coefficients. radtan: k1, k2, p1, p2 and optionally k3, then k4, k5, k6 (rational); fisheye: k1..k4
     * (equidistant). An empty list under any model means none.
     */
    distortion: z.object({ model: z.enum(distortionModels), coeffs: z.array(finite).max(14) }).strict(),
    /** The LiDAR-to-camera transform, a 4×4 row-major matrix whose last row is 0 0 0 1. */
    lidarToCamera: z.array(finite).length(16),
  })
  .strict();
export type CameraCalibration = z.infer<typeof cameraCalibration>;

/** Where the ego vehicle (the LiDAR frame) stood at a frame, in a world frame: metres and a w-first unit quaternion. */
export const egoPose = z.object({ translation: z.tuple([finite, finite, finite]), rotation: z.tuple([finite, finite, finite, finite]) }).strict();
export type EgoPose = z.infer<typeof egoPose>;

/** A camera of an item's rig with its image at each frame: a file name under `<item's path prefix>cameras/<name>/`, '' where none. */
export const sensorCamera = cameraCalibration.extend({ images: z.array(z.string().max(255)).max(100_000) });
export type SensorCamera = z.infer<typeof sensorCamera>;

/**
 * The sensors of a point-cloud item: its cameras (none outside fusion projects) and its frames' ego poses. Each of
 * its frames' files is that frame's cloud, normalized at import (see pointcloud/point-cloud.ts).
 */
export const itemSensors = z
  .object({
    cameras: z.array(sensorCamera).max(16, 'validation.too_big'),
    /** One per frame, null where a frame has none; empty where the upload gave none. */
    egoPoses: z.array(egoPose.nullable()).default([]),
  })
  .strict();
export type ItemSensors = z.infer<typeof itemSensors>;
