// A tool's range circles ("20,40" two circles, "20*40" an ellipse of those semi-axes) as the ellipses to draw.
import { rangeCirclesPattern } from '@annot/workflows';

/** Semi-axes in metres along x (ahead) and y (left); an empty or malformed setting draws none. */
export function parseRangeCircles(spec: string | undefined | null): [number, number][] {
  const text = (spec ?? '').trim();
  if (!rangeCirclesPattern.test(text)) return [];
  return text.split(',').flatMap((part) => {
    const [a, b = a] = part.split('*').map(Number);
    return a > 0 && b > 0 ? [[a, b] as [number, number]] : [];
  });
}
