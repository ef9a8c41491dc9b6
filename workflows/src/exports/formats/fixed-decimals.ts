// Number.prototype.toFixed, byte for byte, without its cost: the text formats write millions of coordinates, and
// toFixed (an exact decimal expansion each time) was the largest part of encoding a YOLO label.

const scales = [1, 10, 100, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9];

/**
 * Below this the scaled value's rounding error (under 2.4e-7) cannot move it across a half: a value closer than
 * `nearHalf` to one is left to toFixed, which decides it exactly.
 */
const largestScaled = 2 ** 31;
const nearHalf = 1e-6;

/** `value.toFixed(digits)`, for digits from 0 to 9. */
export function toFixed(value: number, digits: number): string {
  const scale = scales[digits];
  const scaled = value * scale;
  // Negative numbers, NaN and the very large keep toFixed's own rules (its sign of a rounded zero among them).
  if (!(value >= 0 && scaled < largestScaled)) return value.toFixed(digits);
  const whole = Math.floor(scaled);
  if (Math.abs(scaled - whole - 0.5) < nearHalf) return value.toFixed(digits);
  const rounded = Math.round(scaled);
  if (digits === 0) return String(rounded);
  const integer = Math.floor(rounded / scale);
  // The fraction's digits with its leading zeros: a leading 1 is written and cut off.
  return `${integer}.${String(rounded - integer * scale + scale).slice(1)}`;
}
