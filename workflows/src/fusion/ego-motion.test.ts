import { describe, expect, it } from 'vitest';
import { CalibrationError } from './calibration-files';
import { composePose, frameToFrame, lidarMounting } from './ego-motion';

const yaw = (angle: number): [number, number, number, number] => [Math.cos(angle / 2), 0, 0, Math.sin(angle / 2)];

describe(composePose.name, () => {
  it('places a sensor mounted ahead of the vehicle where the turned vehicle carries it', () => {
    // The vehicle at (100, 50) facing +y; the LiDAR 1 m ahead and 2 m up, turned a quarter to the right.
    const lidar = composePose({ translation: [100, 50, 0], rotation: yaw(Math.PI / 2) }, { translation: [1, 0, 2], rotation: yaw(-Math.PI / 2) });
    [100, 51, 2].forEach((v, i) => expect(lidar.translation[i]).toBeCloseTo(v, 12));
    // Turned back to the world's axes: the sensor's forward is the world's +x again.
    const m = frameToFrame(lidar, { translation: [0, 0, 0], rotation: [1, 0, 0, 0] })!;
    [1, 0, 0].forEach((v, i) => expect(m[i * 4]).toBeCloseTo(v, 12));
  });
});

describe(lidarMounting.name, () => {
  it('reads a calibrated_sensor record and refuses anything else', () => {
    expect(lidarMounting({ token: 't', sensor_token: 's', translation: [0.94, 0, 1.84], rotation: [1, 0, 0, 0], camera_intrinsic: [] })).toEqual({ translation: [0.94, 0, 1.84], rotation: [1, 0, 0, 0] });
    expect(() => lidarMounting({ translation: [0, 0], rotation: [1, 0, 0, 0] })).toThrow(CalibrationError);
    expect(() => lidarMounting({ translation: [0, 0, 0], rotation: [0, 0, 0, 0] })).toThrow(CalibrationError);
  });
});
