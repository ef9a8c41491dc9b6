// Events of an annotation import's life: asked for with its stored upload, how far its worker has got, finished with
// what it wrote and what it said of the lines, or failed with the refusal.
import { z } from 'zod';
import type { DomainEvent } from '../shared/event';
import { exportFormats } from './format';

const ref = { importId: z.uuid(), batchId: z.uuid(), projectId: z.uuid() };

/** A line of the upload said by its message key, for the reader's language: where it was read, and why. */
const line = z.object({ source: z.string(), reasonKey: z.string(), params: z.record(z.string(), z.union([z.string(), z.number()])).optional() });

export const annotationImportEventSchemas = {
  AnnotationImportRequested: z.object({
    ...ref,
    format: z.enum(exportFormats),
    mode: z.enum(['all', 'good']),
    /** The files sent, each where its bytes lie in storage, by the name (or path inside the folder) it was sent under. */
    uploads: z.array(z.object({ name: z.string(), key: z.string(), size: z.number().int().min(0), zip: z.boolean() })).min(1),
    /** Whose starting results the objects become. */
    by: z.object({ id: z.string(), role: z.string() }),
  }),
  /** How far the worker has got, in percent. */
  AnnotationImportProgressed: z.object({ ...ref, progress: z.number().int().min(0).max(100) }),
  AnnotationImportFinished: z.object({
    ...ref,
    items: z.number().int().min(0),
    objects: z.number().int().min(0),
    /** Lines refused in mode "good" (their items were left out) and lines skipped with a warning, the first of each kept. */
    refusals: z.array(line),
    warnings: z.array(line),
    refused: z.number().int().min(0),
    warned: z.number().int().min(0),
    dropped: z.object({ files: z.array(z.string()), objects: z.array(z.string()) }),
  }),
  /** Nothing was written: the refused lines (or the reason the upload could not be read) say why. */
  AnnotationImportFailed: z.object({
    ...ref,
    reasonKey: z.string(),
    params: z.record(z.string(), z.union([z.string(), z.number()])).default({}),
    refusals: z.array(line),
    warnings: z.array(line),
    refused: z.number().int().min(0),
    warned: z.number().int().min(0),
  }),
};

type Data<K extends keyof typeof annotationImportEventSchemas> = z.infer<(typeof annotationImportEventSchemas)[K]>;
export type AnnotationImportLine = z.infer<typeof line>;
export type AnnotationImportRequested = DomainEvent<'AnnotationImportRequested', Data<'AnnotationImportRequested'>>;
export type AnnotationImportProgressed = DomainEvent<'AnnotationImportProgressed', Data<'AnnotationImportProgressed'>>;
export type AnnotationImportFinished = DomainEvent<'AnnotationImportFinished', Data<'AnnotationImportFinished'>>;
export type AnnotationImportFailed = DomainEvent<'AnnotationImportFailed', Data<'AnnotationImportFailed'>>;
export type AnnotationImportEvent = AnnotationImportRequested | AnnotationImportProgressed | AnnotationImportFinished | AnnotationImportFailed;
export const annotationImportStreamId = (importId: string): string => `annotation_import-${importId}`;
/** Lines an event keeps of each kind; the counts say how many there were in all. */
export const annotationImportLinesKept = 1000;
