import { describe, expect, it } from 'vitest';
import { distanceToSegment } from './hit-test';
import { sampleCurve } from './curve';

describe(sampleCurve.name, () => {
  const controls = [
    { x: 0, y: 0 },
    { x: 50, y: 40 },
    { x: 100, y: 0 },
    { x: 150, y: 40 },
  ];

  it('passes through every control point', () => {
    const samples = sampleCurve(controls, 8);
    for (const c of controls) expect(samples.some((s) => Math.hypot(s.x - c.x, s.y - c.y) < 1e-6)).toBe(true);
  });

  it('starts and ends on the first and last control points', () => {
    const samples = sampleCurve(controls, 8);
    expect(samples[0]).toEqual(controls[0]);
    expect(samples.at(-1)!.x).toBeCloseTo(150);
    expect(samples).toHaveLength(1 + 3 * 8);
  });

  it('bends: points between control points leave the straight line', () => {
    const samples = sampleCurve(controls, 8);
    const off = samples.map((s) => distanceToSegment(s, controls[0], controls[3]));
    expect(Math.max(...off)).toBeGreaterThan(10);
  });

  it('is a straight segment with two points', () => {
    expect(sampleCurve(controls.slice(0, 2))).toEqual(controls.slice(0, 2));
  });

  it('stays defined when two control points coincide', () => {
    const samples = sampleCurve([controls[0], controls[0], controls[1]], 4);
    expect(samples.every((s) => Number.isFinite(s.x) && Number.isFinite(s.y))).toBe(true);
  });
});
