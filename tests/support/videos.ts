// Videos made for the tests with ffmpeg's test pattern, so a video import decodes a real file.
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** A generated test pattern of `frames` frames at 30 per second, written to `file` and read back. */
export async function generateVideo(file: string, frames: number, size = '640x360'): Promise<Buffer> {
  await run('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', `testsrc=size=${size}:rate=30`, '-frames:v', String(frames), '-pix_fmt', 'yuv420p', file]);
  return readFile(file);
}
