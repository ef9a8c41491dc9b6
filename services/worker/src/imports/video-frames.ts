// Decodes a video once at import with ffprobe and ffmpeg (spawned processes of Debian's ffmpeg package): the frame
// times from ffprobe while ffmpeg writes every frame as an image into storage under the video's checksum, so a re-run
// or the same video in another batch finds its frames there, and the browser never seeks a video element.
import { spawn } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { pipeline } from 'node:stream/promises';
import { Inject, Injectable } from '@nestjs/common';
import { type AppConfig, CONFIG, LocalDiskStorage, type Storage, STORAGE } from '@annot/core';
import { extractedFrameExtension } from '@annot/workflows';
import { ImportRefused } from './import-refused';

/** A video's frames once extracted: `count` images named by frameFileName under `folder` in storage. */
export interface ExtractedVideo {
  folder: string;
  count: number;
  width: number;
  height: number;
  /** Presentation time of each frame in seconds, in frame order. */
  timestamps: number[];
  frameRate: number | null;
}

/** A video that ffprobe or ffmpeg cannot decode: the item fails, the import goes on. */
export class VideoUnreadable extends Error {
  readonly reasonKey = 'batches.reason_video_unreadable';
}

/** The encoder settings every extraction uses, shared with the benchmark's raw baseline so both write the same images. */
export const frameEncoding = ['-vsync', '0', '-q:v', '2'] as const;

const manifestName = 'frames.json';

/** The programs of the ffmpeg package, as the configuration names them. */
export interface Tools {
  ffmpeg: string;
  ffprobe: string;
}

/** Where a video's frames live in storage: one folder per content, so the same video is extracted once. */
export const videoFramesFolder = (checksum: string): string => `frames/${checksum}`;

@Injectable()
export class VideoFrames {
  private readonly tools: Tools;

  constructor(@Inject(STORAGE) private readonly storage: Storage, @Inject(CONFIG) config: AppConfig) {
    this.tools = { ffmpeg: config.ffmpegPath, ffprobe: config.ffprobePath };
  }

  /** A video file on this disk as an import takes it: its content's checksum, then its frames under that checksum. */
  async decode(input: string, progress: (share: number) => void | Promise<void>): Promise<{ checksum: string; video: ExtractedVideo }> {
    const hash = createHash('sha256');
    await pipeline(createReadStream(input), hash);
    const checksum = hash.digest('hex');
    return { checksum, video: await this.extract(input, checksum, progress) };
  }

  /**
   * The frames of the video at `input` (a file on this disk), extracted now or found from an earlier extraction.
   * `progress` hears the share of frames written, 0 to 1.
   */
  async extract(input: string, checksum: string, progress: (share: number) => void | Promise<void>): Promise<ExtractedVideo> {
    const folder = videoFramesFolder(checksum);
    const done = await this.manifest(folder);
    if (done) return done;
    const local = this.storage instanceof LocalDiskStorage;
    const target = local ? (this.storage as LocalDiskStorage).localPath(folder) : path.join(os.tmpdir(), `frames-${checksum}`);
    const partial = `${target}.partial-${randomUUID()}`;
    await mkdir(partial, { recursive: true });
    try {
      // ffprobe reads the container while ffmpeg decodes: the probe costs no time of its own, and once it has answered
      // the progress knows how many frames are coming. Both are waited for, so neither outlives the folder.
      let expected = 0;
      const [probing, extracting] = await Promise.allSettled([
        probeVideo(input, this.tools).then((probed) => ((expected = probed.timestamps.length), probed)),
        runFfmpeg(input, partial, () => expected, progress, this.tools),
      ]);
      if (probing.status === 'rejected') throw probing.reason;
      if (extracting.status === 'rejected') throw extracting.reason;
      const probed = probing.value;
      let count = await countFrames(partial);
      let timestamps = probed.timestamps;
      // Packets and decoded frames differ for a few streams (edit lists, dropped packets): ask the decoder then.
      if (count !== timestamps.length) timestamps = await decodedTimestamps(input, this.tools);
      count = Math.min(count, timestamps.length);
      if (count === 0 || count !== timestamps.length) throw new VideoUnreadable(`${count} frames extracted, ${timestamps.length} probed`);
      const extracted: ExtractedVideo = { folder, count, width: probed.width, height: probed.height, timestamps, frameRate: probed.frameRate };
      await writeFile(path.join(partial, manifestName), JSON.stringify(extracted));
      if (local) await settle(partial, target);
      else await this.upload(partial, folder);
      return (await this.manifest(folder)) ?? extracted;
    } finally {
      await rm(partial, { recursive: true, force: true });
    }
  }

  private async manifest(folder: string): Promise<ExtractedVideo | null> {
    const key = `${folder}/${manifestName}`;
    if (!(await this.storage.stat(key))) return null;
    return JSON.parse((await this.storage.read(key)).toString('utf8')) as ExtractedVideo;
  }

  /** A store that is not this disk gets the frames one by one, the manifest last, so a manifest means every frame is in. */
  private async upload(partial: string, folder: string): Promise<void> {
    const names = (await readdir(partial)).filter((name) => name !== manifestName).sort();
    for (const name of names) await this.storage.put(`${folder}/${name}`, await readFile(path.join(partial, name)));
    await this.storage.put(`${folder}/${manifestName}`, await readFile(path.join(partial, manifestName)));
  }
}

/** Moves a whole extraction into place; another run that got there first left frames as good as ours. */
async function settle(partial: string, target: string): Promise<void> {
  await mkdir(path.dirname(target), { recursive: true });
  await rename(partial, target).catch(async (error: NodeJS.ErrnoException) => {
    if (error.code !== 'ENOTEMPTY' && error.code !== 'EEXIST') throw error;
  });
}

async function countFrames(folder: string): Promise<number> {
  return (await readdir(folder)).filter((name) => name.endsWith(`.${extractedFrameExtension}`)).length;
}

interface ProbedVideo {
  width: number;
  height: number;
  frameRate: number | null;
  timestamps: number[];
}

/**
 * Size, rate and the time of every frame, read from the container's packets without decoding them: presentation
 * times sorted are the frames' order. Packets the demuxer marks for discarding are no frames.
 */
export async function probeVideo(input: string, tools: Tools): Promise<ProbedVideo> {
  const output = await run(tools, 'ffprobe', ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'stream=width,height,avg_frame_rate:packet=pts_time,dts_time,flags', '-of', 'json', input]);
  let parsed: { streams?: { width?: number; height?: number; avg_frame_rate?: string }[]; packets?: { pts_time?: string; dts_time?: string; flags?: string }[] };
  try {
    parsed = JSON.parse(output) as typeof parsed;
  } catch {
    throw new VideoUnreadable('ffprobe gave no readable answer');
  }
  const stream = parsed.streams?.[0];
  if (!stream?.width || !stream.height) throw new VideoUnreadable('no video stream');
  const timestamps = (parsed.packets ?? [])
    .filter((packet) => !packet.flags?.includes('D'))
    .map((packet) => Number(packet.pts_time ?? packet.dts_time))
    .filter((seconds) => Number.isFinite(seconds))
    .sort((a, b) => a - b);
  return { width: stream.width, height: stream.height, frameRate: rate(stream.avg_frame_rate), timestamps };
}

/** Every decoded frame's time: slower than reading packets, and exact where they disagree. */
async function decodedTimestamps(input: string, tools: Tools): Promise<number[]> {
  const output = await run(tools, 'ffprobe', ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'frame=best_effort_timestamp_time', '-of', 'csv=p=0', input]);
  return output
    .split('\n')
    .map((line) => line.trim().replace(/,$/, ''))
    .filter((line) => line !== '')
    .map(Number)
    .filter((seconds) => Number.isFinite(seconds));
}

function rate(fraction: string | undefined): number | null {
  const [numerator, denominator] = (fraction ?? '').split('/').map(Number);
  const value = denominator ? numerator / denominator : numerator;
  return Number.isFinite(value) && value > 0 ? Math.round(value * 1e6) / 1e6 : null;
}

/** Every frame as it is decoded, numbered from 0; ffmpeg's progress lines tell how far it is. */
async function runFfmpeg(input: string, folder: string, expected: () => number, progress: (share: number) => void | Promise<void>, tools: Tools): Promise<void> {
  const args = ['-v', 'error', '-nostdin', '-i', input, '-map', '0:v:0', ...frameEncoding, '-start_number', '0', '-progress', 'pipe:1', '-stats_period', '0.2', '-nostats', path.join(folder, `%06d.${extractedFrameExtension}`)];
  await run(tools, 'ffmpeg', args, (line) => {
    const frame = /^frame=(\d+)$/.exec(line);
    // Progress is news, not work: one that cannot be told (Redis away a moment) leaves the extraction going.
    if (frame && expected() > 0) Promise.resolve(progress(Math.min(1, Number(frame[1]) / expected()))).catch(() => undefined);
  });
}

/** Runs a tool of the ffmpeg package; its absence refuses the import with a reason the PM can act on. */
function run(tools: Tools, command: keyof Tools, args: string[], onLine?: (line: string) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(tools[command], args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    let err = '';
    if (onLine) createInterface({ input: child.stdout }).on('line', onLine);
    else child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => {
      if (err.length < 4000) err += chunk.toString('utf8');
    });
    child.on('error', (error: NodeJS.ErrnoException) => reject(error.code === 'ENOENT' ? new ImportRefused('batches.ffmpeg_missing') : error));
    child.on('close', (code) => {
      if (code === 0) resolve(Buffer.concat(out).toString('utf8'));
      else reject(new VideoUnreadable(`${command} exited with ${code}: ${err.trim().slice(0, 500)}`));
    });
  });
}
