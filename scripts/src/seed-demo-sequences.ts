// The demo's continuous frames: a project of driving sequences (folders of generated frames) and a project of one
// generated dashcam video, each with a tracked car annotated over its frames, inspected and exported as tracks.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Call, ok } from './seed-demo-call';
import { demoToolStep } from './seed-demo-catalog';
import { seedDemoExports } from './seed-demo-exports';
import { type DemoMembers, type DemoProjectSpec, ensureDemoProject, uploadZipBatch } from './seed-demo-project';
import { demoCrew, type DemoWorkers, dismissCrew } from './seed-demo-work';
import { sampleZip } from './sample-images';
import { drivingSequence, type SequenceFrame } from './sample-sequences';

export const demoSequenceProject: DemoProjectSpec = {
  title: 'Demo: street sequences',
  annotationType: 'picture_continuous_frame',
  description: 'Cars tracked through short camera sequences: one box track per car, outside once it leaves the view.',
  tools: demoToolStep,
  countdownSeconds: 3,
};

export const demoVideoProject: DemoProjectSpec = {
  title: 'Demo: dashcam video',
  annotationType: 'video',
  description: 'A dashcam clip decoded into frames at import; cars tracked from frame to frame.',
  tools: demoToolStep,
  countdownSeconds: 3,
};

export const demoSequences = [
  { folder: 'crossing-01', frames: 30 },
  { folder: 'crossing-02', frames: 20 },
];
export const demoVideoFrames = 40;

/** Who makes and works the demo projects of other types: the admin and the PM, the members of their links. */
export interface DemoCrewMembers extends DemoMembers, Omit<DemoWorkers, 'projectId'> {
  pm: string;
}

/** Both projects once: their batches, then the work on their first item and a track export. */
export async function seedDemoSequences(call: Call, people: DemoCrewMembers): Promise<void> {
  const sequences = await ensureDemoProject(call, people.admin, people, demoSequenceProject);
  if (sequences.batches.length === 0) {
    const frames = demoSequences.flatMap(({ folder, frames: count }) => drivingSequence(folder, count));
    // The second folder orders its frames by a timestamp file, ten frames a second.
    const second = demoSequences[1];
    const timestamps = Array.from({ length: second.frames }, (_, i) => `frame_${String(i + 1).padStart(4, '0')}.png ${(i / 10).toFixed(3)}`).join('\n');
    const entries = [...frames, { name: `${second.folder}/timestamps.txt`, content: Buffer.from(timestamps) }];
    await uploadZipBatch(call, people.admin, sequences.projectId, { name: 'Sequences 1', priority: 10 }, await sampleZip(entries), 'sequences.zip');
  }
  await workOn(call, people, sequences.projectId);
  await seedDemoExports(call, people.pm, sequences.projectId, [{ format: 'mot', scope: { gate: 'any', effectiveness: 'valid' }, naming: '{project}_{format}_{date}' }]);

  const video = await ensureDemoProject(call, people.admin, people, demoVideoProject);
  if (video.batches.length === 0) {
    const clip = dashcamClip(drivingSequence('dashcam', demoVideoFrames));
    if (!clip) return;
    await uploadZipBatch(call, people.admin, video.projectId, { name: 'Dashcam 1', priority: 10 }, await sampleZip([{ name: 'dashcam.mp4', content: clip, compress: false }]), 'dashcam.zip');
  }
  await workOn(call, people, video.projectId);
  await seedDemoExports(call, people.pm, video.projectId, [{ format: 'coco_video', scope: { gate: 'any', effectiveness: 'valid' }, naming: '{project}_{format}_{date}' }]);
}

/** The frames as an H.264 clip at ten frames a second, or null where ffmpeg cannot make one. */
function dashcamClip(frames: SequenceFrame[]): Buffer | null {
  const folder = mkdtempSync(path.join(tmpdir(), 'demo-clip-'));
  try {
    frames.forEach((frame, i) => writeFileSync(path.join(folder, `${String(i + 1).padStart(4, '0')}.png`), frame.content));
    const out = path.join(folder, 'dashcam.mp4');
    const made = spawnSync('ffmpeg', ['-v', 'error', '-y', '-framerate', '10', '-i', path.join(folder, '%04d.png'), '-c:v', 'libx264', '-pix_fmt', 'yuv420p', out]);
    if (made.status !== 0) {
      console.warn('ffmpeg could not make the demo video, so the video project stays empty:', made.error?.message ?? made.stderr?.toString().trim());
      return null;
    }
    return readFileSync(out);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/**
 * The tagger claims the project's items and tracks the cars of the first with keyframes at its ends, the leaving car
 * outside from the middle on; the inspector passes it. Work done before is left as it is.
 */
async function workOn(call: Call, people: DemoCrewMembers, projectId: string): Promise<void> {
  const crew = await demoCrew(call, { ...people, projectId });
  if (!crew) return;
  const { tagger, inspector } = crew;
  const tool = crew.project.tools[0];
  const [itemId] = ok(await call('POST', `/manage/items/links/${crew.annotationLinkId}/claims`, { count: 1 }, tagger), 'claim').items as string[];
  const item = ok(await call('GET', `/manage/items/${itemId}`, undefined, tagger), 'item');
  const frameCount: number = item.frameCount;
  const truth = drivingSequence('truth', frameCount);
  const last = frameCount - 1;
  const middle = Math.ceil(frameCount / 2);
  const keyframe = (frame: number, box: SequenceFrame['tracks'][string] | undefined, outside = false) => ({
    frame,
    shape: outside || !box ? null : { type: 'box', ...box },
    attributes: {},
    outside,
  });
  const track = (id: string, category: string, keyframes: unknown[]) => ({ id, toolId: tool.toolId, toolVersion: tool.toolVersion, templateType: 'box', attributes: { category }, keyframes });
  const result = {
    frameCount,
    objects: [
      track('crossing', 'car', [keyframe(0, truth[0].tracks.crossing), keyframe(last, truth[last].tracks.crossing)]),
      track('leaving', 'car', [keyframe(0, truth[0].tracks.leaving), keyframe(middle, undefined, true)]),
    ],
    attributes: {},
  };
  ok(await call('PUT', `/manage/items/${itemId}/result`, { result }, tagger), 'save');
  ok(await call('POST', `/manage/items/${itemId}/submit`, undefined, tagger), 'submit');
  const [checked] = ok(await call('POST', `/manage/items/links/${crew.inspectionLinkId}/claims`, { count: 1 }, inspector), 'inspection claim').items as string[];
  if (checked) ok(await call('POST', `/manage/items/${checked}/pass`, undefined, inspector), 'pass');
  await dismissCrew(call, crew);
}
