// The points' shader: one material for every view, colouring each point by a single colour, its height, its distance
// from the sensor, its reflectance (with a range outside which points are not drawn) or its own rgb.
import { Color, ShaderMaterial } from 'three';

export const colorModes = ['single', 'height', 'depth', 'intensity', 'rgb'] as const;
export type ColorMode = (typeof colorModes)[number];

export interface PointStyle {
  mode: ColorMode;
  /** Pixels across a point. */
  size: number;
  /** The colour of 'single', and of 'rgb' where the cloud has none. */
  color: string;
  /** Reflectance shown, as fractions of the cloud's own range; points outside are not drawn in 'intensity' mode. */
  intensityRange: [number, number];
}

export const defaultPointStyle: PointStyle = { mode: 'height', size: 2, color: '#cbd5e1', intensityRange: [0, 1] };

const vertexShader = /* glsl */ `
uniform int mode;
uniform float size;
uniform vec3 single;
uniform vec2 heightRange;
uniform float depthMax;
uniform vec2 intensityRange;
uniform vec2 intensityFilter;
attribute float intensity;
attribute vec3 rgb;
varying vec3 vColor;

vec3 ramp(float t) {
  t = clamp(t, 0.0, 1.0);
  return clamp(vec3(1.5 - abs(4.0 * t - 3.0), 1.5 - abs(4.0 * t - 2.0), 1.5 - abs(4.0 * t - 1.0)), 0.0, 1.0);
}

void main() {
  vec4 eye = modelViewMatrix * vec4(position, 1.0);
  gl_Position = projectionMatrix * eye;
  gl_PointSize = size;
  if (mode == 1) vColor = ramp((position.z - heightRange.x) / max(heightRange.y - heightRange.x, 1e-3));
  else if (mode == 2) vColor = ramp(length(position.xy) / max(depthMax, 1e-3));
  else if (mode == 3) {
    float t = (intensity - intensityRange.x) / max(intensityRange.y - intensityRange.x, 1e-6);
    // Outside the range chosen: placed beyond the clip volume, so it is not drawn.
    if (t < intensityFilter.x || t > intensityFilter.y) gl_Position = vec4(2.0, 2.0, 2.0, 1.0);
    vColor = ramp(t);
  } else if (mode == 4) vColor = rgb;
  else vColor = single;
}
`;

const fragmentShader = /* glsl */ `
varying vec3 vColor;
void main() {
  gl_FragColor = vec4(vColor, 1.0);
}
`;

/** What the shader needs of the cloud to scale its colours. */
export interface CloudRanges {
  height: [number, number];
  depthMax: number;
  intensity: [number, number];
  hasIntensity: boolean;
  hasColor: boolean;
}

export function createPointMaterial(): ShaderMaterial {
  return new ShaderMaterial({
    vertexShader,
    fragmentShader,
    uniforms: {
      mode: { value: 1 },
      size: { value: 2 },
      single: { value: new Color(defaultPointStyle.color) },
      heightRange: { value: [-2, 3] },
      depthMax: { value: 60 },
      intensityRange: { value: [0, 255] },
      intensityFilter: { value: [0, 1] },
    },
  });
}

/** The mode drawn: the style's, or a single colour where the cloud lacks what the style's mode reads. */
export const shownMode = (style: PointStyle, ranges: CloudRanges): ColorMode =>
  (style.mode === 'intensity' && !ranges.hasIntensity) || (style.mode === 'rgb' && !ranges.hasColor) ? 'single' : style.mode;

export function applyPointStyle(material: ShaderMaterial, style: PointStyle, ranges: CloudRanges, pixelRatio: number): void {
  const mode = shownMode(style, ranges);
  const u = material.uniforms;
  u.mode.value = colorModes.indexOf(mode);
  u.size.value = style.size * pixelRatio;
  (u.single.value as Color).set(style.color);
  u.heightRange.value = ranges.height;
  u.depthMax.value = ranges.depthMax;
  u.intensityRange.value = ranges.intensity;
  // A little slack, so the cloud's own minimum and maximum stay in at 0 and 1.
  u.intensityFilter.value = [style.intensityRange[0] - 1e-4, style.intensityRange[1] + 1e-4];
}
