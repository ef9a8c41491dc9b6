// Decoding a video as an import does (hash, ffprobe's frame times, every frame written as an image into storage)
// beside raw `ffmpeg -vsync 0` writing the same frames of the same generated file with the same encoder settings;
// and the extracted frame count held to ffprobe's, decoding every frame, or the figure is void.
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { LocalDiskStorage, loadConfig } from '@annot/core';
import { frameEncoding, VideoFrames } from '@annot/worker/dist/imports/video-frames';
import type { BenchDatabase } from './support/bench-database';
import type { Figure } from './support/figures';
import { timed } from './support/timing';

const run = promisify(execFile);
const frames = 600;
const size = '1280x720';
/** Each side runs this many times, alternating, and keeps its best: the two cores are shared with whatever else runs. */
const rounds = 5;

async function rawFfmpeg(input: string, folder: string): Promise<number> {
  await mkdir(folder, { recursive: true });
  await run('ffmpeg', ['-v', 'error', '-nostdin', '-i', input, '-map', '0:v:0', ...frameEncoding, '-start_number', '0', path.join(folder, '%06d.jpg')]);
  return (await readdir(folder)).length;
}

export async function videoBench(_bench: BenchDatabase, log: (line: string) => void): Promise<Figure[]> {
  const root = await mkdtemp(path.join(tmpdir(), 'annot-bench-video-'));
  try {
    const input = path.join(root, 'drive.mp4');
    await run('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', `testsrc2=size=${size}:rate=30`, '-frames:v', String(frames), '-c:v', 'libx264', '-pix_fmt', 'yuv420p', input]);
    const counted = await run('ffprobe', ['-v', 'error', '-count_frames', '-select_streams', 'v:0', '-show_entries', 'stream=nb_read_frames', '-of', 'csv=p=0', input]);
    const probed = Number(counted.stdout.trim());
    log(`  ${size} H.264, ${probed} frames by ffprobe's count`);

    let raw = Infinity;
    let ours = Infinity;
    for (let round = 0; round < rounds; round++) {
      const baseline = await timed(() => rawFfmpeg(input, path.join(root, `raw-${round}`)));
      if (baseline.value !== probed) throw new Error(`raw ffmpeg wrote ${baseline.value} frames of ${probed}`);
      // A storage of its own each round, so no round finds the frames of the one before.
      const videos = new VideoFrames(new LocalDiskStorage(path.join(root, `storage-${round}`)), loadConfig({}));
      const decoded = await timed(() => videos.decode(input, () => undefined));
      const written = (await readdir(path.join(root, `storage-${round}`, 'frames', decoded.value.checksum))).filter((name) => name.endsWith('.jpg')).length;
      if (decoded.value.video.count !== probed || written !== probed) {
        throw new Error(`the import extracted ${written} frames (counted ${decoded.value.video.count}) of ffprobe's ${probed}, so its figure is void`);
      }
      log(`  round ${round + 1}: raw ffmpeg ${baseline.seconds.toFixed(2)} s, import ${decoded.seconds.toFixed(2)} s, ${written} frames = ffprobe's ${probed}`);
      raw = Math.min(raw, baseline.seconds);
      ours = Math.min(ours, decoded.seconds);
      await rm(path.join(root, `raw-${round}`), { recursive: true, force: true });
      await rm(path.join(root, `storage-${round}`), { recursive: true, force: true });
    }
    return [{ name: `video import frames (${size})`, ours: probed / ours, baselineName: 'raw ffmpeg -vsync 0', baseline: probed / raw, targetRatio: 0.8 }];
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}
