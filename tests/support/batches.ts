// Projects, images and zips for the batch tests: a project's stream written directly, files built for the purpose.
import { randomUUID } from 'node:crypto';
import { EventStore, noStream, projectProjection } from '@annot/core';
import { samplePng, sampleZip } from '../../scripts/src/sample-images';
import { testMetadata } from './events';
import type { Platform } from './platform';

/** A project with an annotation and an inspection link, written to its stream as the projects context would. */
export async function seedProject(platform: Platform, annotationType = 'picture_single_frame'): Promise<{ projectId: string; linkIds: string[] }> {
  const projectId = randomUUID();
  const linkIds = [randomUUID(), randomUUID()];
  const basics = { title: 'Lane lines', type: 'formal', annotationType, startDate: '2026-01-01', endDate: '2026-12-31', unitPrice: 0 };
  const links = [
    { id: linkIds[0], type: 'annotation', name: 'Annotate' },
    { id: linkIds[1], type: 'inspection', name: 'Inspect' },
  ];
  await new EventStore(platform.database.db).append(`project-${projectId}`, noStream, [
    { type: 'ProjectDrafted', data: { projectId, title: basics.title, basics, clonedFrom: null }, metadata: testMetadata() },
    { type: 'ProjectLinksSaved', data: { projectId, title: basics.title, links }, metadata: testMetadata() },
  ], { projections: [projectProjection] });
  return { projectId, linkIds };
}

/** A real PNG; `seed` varies its pixels so two images never share content. */
export const png = samplePng;

/** A baseline JPEG's markers up to its frame header, which is what tells its size. */
export function jpeg(width: number, height: number, seed = 0): Buffer {
  const app0 = Buffer.from([0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]);
  const comment = Buffer.concat([Buffer.from([0xff, 0xfe, 0x00, 0x06]), Buffer.from([seed & 0xff, (seed >> 8) & 0xff, 0x20, 0x20])]);
  const sof = Buffer.from([0xff, 0xc0, 0x00, 0x11, 0x08, height >> 8, height & 0xff, width >> 8, width & 0xff, 0x03, 0x01, 0x22, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01]);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app0, comment, sof, Buffer.from([0xff, 0xd9])]);
}

/** A zip of the given entries; names are written as given, even ones that climb out of the folder. */
export const zipOf = sampleZip;

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
