// The painted regions as one translucent picture over the image: a colour per class (its tool's), each instance of
// a countable class a shade of it, so neighbouring cars stay apart.
import type { EditorTool, ResultObject } from '@annot/workflows';
import type { FrameRegions } from './panoptic-regions';

const alpha = 120;
/** Instances alternate through these brightness factors. */
const shades = [1, 0.7, 1.3, 0.5, 1.15, 0.85];

function rgbOf(hex: string): [number, number, number] {
  const value = Number.parseInt(hex.slice(1), 16);
  return [(value >> 16) & 0xff, (value >> 8) & 0xff, value & 0xff];
}

/** The RGBA of each label (index 0, the unpainted pixels, is transparent). */
export function regionColors(painted: FrameRegions, objects: ResultObject[], tools: EditorTool[], colorOf: (toolId: string) => string): [number, number, number, number][] {
  const toolOfRegion = new Map(objects.map((o) => [o.id, o.toolId]));
  const instances = new Map<string, number>();
  const colors: [number, number, number, number][] = [[0, 0, 0, 0]];
  for (const id of painted.regions) {
    const toolId = toolOfRegion.get(id) ?? '';
    const countable = tools.find((t) => t.toolId === toolId)?.definition.countable === true;
    const instance = instances.get(toolId) ?? 0;
    instances.set(toolId, instance + 1);
    const shade = countable ? shades[instance % shades.length] : 1;
    const [r, g, b] = rgbOf(colorOf(toolId));
    colors.push([Math.min(255, r * shade), Math.min(255, g * shade), Math.min(255, b * shade), alpha]);
  }
  return colors;
}

/** Draws the label map on a canvas of the frame's size. */
export function drawOverlay(canvas: HTMLCanvasElement, painted: FrameRegions, colors: [number, number, number, number][]): void {
  const { width, height, labels } = painted.map;
  if (canvas.width !== width || canvas.height !== height) [canvas.width, canvas.height] = [width, height];
  const context = canvas.getContext('2d');
  if (!context) return;
  const image = context.createImageData(width, height);
  const data = image.data;
  for (let offset = 0; offset < labels.length; offset++) {
    const label = labels[offset];
    if (label === 0) continue;
    const color = colors[label] ?? colors[0];
    const at = offset * 4;
    data[at] = color[0];
    data[at + 1] = color[1];
    data[at + 2] = color[2];
    data[at + 3] = color[3];
  }
  context.putImageData(image, 0, 0);
}
