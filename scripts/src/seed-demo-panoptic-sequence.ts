// The demo's panoptic sequence: a short drive of four small frames whose every pixel is a car, the road or the sky,
// painted with a keyframe of each region on every frame: the crossing car moves across, the leaving car goes out of
// view half-way (its track outside from there), and the road and sky follow the cars frame by frame. Inspected and
// passed, so a newcomer finds masks with keyframes in the editor and in the COCO panoptic export.
import { encodeMask } from '@annot/workflows';
import { type Call, ok } from './seed-demo-call';
import { seedDemoExports } from './seed-demo-exports';
import { ensureMaskTools } from './seed-demo-panoptic';
import { ensureDemoProject, uploadZipBatch } from './seed-demo-project';
import type { DemoCrewMembers } from './seed-demo-sequences';
import { demoCrew, dismissCrew } from './seed-demo-work';
import { sampleZip } from './sample-images';
import { drivingSequence, type SequenceFrame } from './sample-sequences';

export const demoPanopticSequenceTitle = 'Demo: panoptic sequence';

/** Four frames of 160 × 120: seeding stays cheap, and the masks stay small. */
const [frameCount, width, height] = [4, 160, 120];

export async function seedDemoPanopticSequence(call: Call, people: DemoCrewMembers): Promise<void> {
  const tools = await ensureMaskTools(call, people.admin);
  const { projectId, batches } = await ensureDemoProject(call, people.admin, people, {
    title: demoPanopticSequenceTitle,
    annotationType: 'picture_continuous_frame',
    description: 'Every pixel of a short drive a car, the road or the sky, frame by frame; each car a track of its own.',
    tools: () => ({ tools, groups: [] }),
    countdownSeconds: 3,
  });
  const frames = drivingSequence('panoptic-drive', frameCount, width, height);
  if (batches.length === 0) await uploadZipBatch(call, people.admin, projectId, { name: 'Panoptic drive 1', priority: 10 }, await sampleZip(frames), 'panoptic-drive.zip');
  await paintSequence(call, people, projectId, tools, frames);
  await seedDemoExports(call, people.pm, projectId, [{ format: 'coco_panoptic', scope: { gate: 'any', effectiveness: 'valid' }, naming: '{project}_{format}_{date}' }]);
}

/** The tagger paints every frame of the drive from its own geometry and submits it; the inspector passes it. */
async function paintSequence(call: Call, people: DemoCrewMembers, projectId: string, tools: { toolId: string; toolVersion: number }[], frames: SequenceFrame[]): Promise<void> {
  const crew = await demoCrew(call, { ...people, projectId });
  if (!crew) return;
  const { tagger, inspector } = crew;
  const [itemId] = ok(await call('POST', `/manage/items/links/${crew.annotationLinkId}/claims`, { count: 1 }, tagger), 'claim').items as string[];
  ok(await call('PUT', `/manage/items/${itemId}/result`, { result: panopticDriveResult(tools, frames) }, tagger), 'save');
  ok(await call('POST', `/manage/items/${itemId}/submit`, undefined, tagger), 'submit');
  const [checked] = ok(await call('POST', `/manage/items/links/${crew.inspectionLinkId}/claims`, { count: 1 }, inspector), 'inspection claim').items as string[];
  if (checked) ok(await call('POST', `/manage/items/${checked}/pass`, undefined, inspector), 'pass');
  await dismissCrew(call, crew);
}

/** The drive's result: a keyframe of each car, the road and the sky on every frame where it is in view. */
export function panopticDriveResult([car, road, sky]: { toolId: string; toolVersion: number }[], frames: SequenceFrame[]) {
  const roadTop = Math.floor(height * 0.45);
  const region = (painted: (x: number, y: number) => boolean) => encodeMask(width, height, (offset) => painted(offset % width, Math.floor(offset / width)));
  const inBox = (box: SequenceFrame['tracks'][string] | undefined, x: number, y: number) => !!box && x >= box.x && x < box.x + box.width && y >= box.y && y < box.y + box.height;
  const inCar = (frame: SequenceFrame, x: number, y: number) => Object.values(frame.tracks).some((box) => inBox(box, x, y));
  const keyframe = (frame: number, shape: unknown) => ({ frame, shape, attributes: {}, outside: shape === null });
  const object = (id: string, tool: typeof car, keyframes: unknown[]) => ({ id, toolId: tool.toolId, toolVersion: tool.toolVersion, templateType: 'mask', attributes: {}, keyframes });
  // A car holds its box's pixels but those of the cars in front of it (listed before it), for a pixel is one region's.
  const carTrack = (name: string, inFront: string[]) => {
    const hidden = (frame: SequenceFrame, x: number, y: number) => inFront.some((other) => inBox(frame.tracks[other], x, y));
    const seen = frames.flatMap((frame, n) => (frame.tracks[name] ? [keyframe(n, region((x, y) => inBox(frame.tracks[name], x, y) && !hidden(frame, x, y)))] : []));
    return seen.length < frames.length ? [...seen, keyframe(seen.length, null)] : seen;
  };
  const objects = [
    object('crossing', car, carTrack('crossing', [])),
    object('leaving', car, carTrack('leaving', ['crossing'])),
    object('road', road, frames.map((frame, n) => keyframe(n, region((x, y) => y >= roadTop && !inCar(frame, x, y))))),
    object('sky', sky, frames.map((frame, n) => keyframe(n, region((x, y) => y < roadTop && !inCar(frame, x, y))))),
  ];
  return { frameCount: frames.length, objects, attributes: {} };
}
