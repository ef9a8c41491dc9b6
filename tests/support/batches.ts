// Projects, images and zips for the batch tests: a project's stream written directly, files built byte by byte.
import { randomUUID } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import { ZipFile } from 'yazl';
import { EventStore, noStream } from '@annot/core';
import { testMetadata } from './events';
import type { Platform } from './platform';

/** A project with an annotation and an inspection link, written to its stream as the projects context would. */
export async function seedProject(platform: Platform): Promise<{ projectId: string; linkIds: string[] }> {
  const projectId = randomUUID();
  const linkIds = [randomUUID(), randomUUID()];
  const basics = { title: 'Lane lines', type: 'formal', annotationType: 'picture_single_frame', startDate: '2026-01-01', endDate: '2026-12-31' };
  const links = [
    { id: linkIds[0], type: 'annotation', name: 'Annotate' },
    { id: linkIds[1], type: 'inspection', name: 'Inspect' },
  ];
  await new EventStore(platform.database.db).append(`project-${projectId}`, noStream, [
    { type: 'ProjectDrafted', data: { projectId, title: basics.title, basics, clonedFrom: null }, metadata: testMetadata() },
    { type: 'ProjectLinksSaved', data: { projectId, title: basics.title, links }, metadata: testMetadata() },
  ]);
  return { projectId, linkIds };
}

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A real grayscale PNG; `seed` varies its pixels so two images never share content. */
export function png(width: number, height: number, seed = 0): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8);
  const raw = Buffer.alloc((width + 1) * height);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) raw[y * (width + 1) + 1 + x] = (x * 7 + y * 13 + seed) & 0xff;
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), pngChunk('IHDR', header), pngChunk('IDAT', deflateSync(raw)), pngChunk('IEND', Buffer.alloc(0))]);
}

/** A baseline JPEG's markers up to its frame header, which is what tells its size. */
export function jpeg(width: number, height: number, seed = 0): Buffer {
  const app0 = Buffer.from([0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]);
  const comment = Buffer.concat([Buffer.from([0xff, 0xfe, 0x00, 0x06]), Buffer.from([seed & 0xff, (seed >> 8) & 0xff, 0x20, 0x20])]);
  const sof = Buffer.from([0xff, 0xc0, 0x00, 0x11, 0x08, height >> 8, height & 0xff, width >> 8, width & 0xff, 0x03, 0x01, 0x22, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01]);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app0, comment, sof, Buffer.from([0xff, 0xd9])]);
}

/** A zip of the given entries; names are written as given, even ones that climb out of the folder. */
export async function zipOf(entries: { name: string; content: Buffer; compress?: boolean; mode?: number }[]): Promise<Buffer> {
  const zip = new ZipFile();
  for (const entry of entries) zip.addBuffer(entry.content, entry.name, { compress: entry.compress ?? true, ...(entry.mode ? { mode: entry.mode } : {}) });
  zip.end();
  const parts: Buffer[] = [];
  for await (const part of zip.outputStream) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

/** Renames a zip's entry in place, in both the local header and the central directory (same length). */
export function renameEntry(zip: Buffer, from: string, to: string): Buffer {
  if (from.length !== to.length) throw new Error('names must have the same length');
  const copy = Buffer.from(zip);
  let at = copy.indexOf(from, 0, 'latin1');
  while (at >= 0) {
    copy.write(to, at, 'latin1');
    at = copy.indexOf(from, at + 1, 'latin1');
  }
  return copy;
}

export async function upload(platform: Platform, token: string, batchId: string, files: { name: string; content: Buffer }[], headers: Record<string, string> = {}) {
  const form = new FormData();
  for (const file of files) form.append('file', new Blob([new Uint8Array(file.content)]), file.name);
  const response = await fetch(`${platform.baseUrl}/manage/batches/${batchId}/upload`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}`, ...headers } });
  return { status: response.status, body: (await response.json()) as { code: number; message: string; data: any; errCode: string | null } };
}
