// Events of an export's life: asked for, picked up by a worker (again after a crash), written, failed, removed.
import { z } from 'zod';
import type { DomainEvent } from '../shared/event';
import { exportFormats } from './format';
import { exportDestination, exportScope } from './export.schemas';

const ref = { exportId: z.uuid(), projectId: z.uuid() };

export const exportEventSchemas = {
  ExportRequested: z.object({
    ...ref,
    format: z.enum(exportFormats),
    scope: exportScope,
    withMedia: z.boolean(),
    naming: z.string(),
    fileName: z.string(),
    destination: exportDestination,
    requestedBy: z.uuid(),
  }),
  /** `attempt` counts the worker's starts: a restart after a crash begins the archive again. */
  ExportStarted: z.object({ ...ref, attempt: z.number().int().min(1) }),
  ExportSucceeded: z.object({
    ...ref,
    items: z.number().int().min(0),
    objects: z.number().int().min(0),
    bytes: z.number().int().min(0),
    tookMs: z.number().int().min(0),
    location: z.string().nullable(),
    expiresAt: z.string().nullable(),
  }),
  ExportFailed: z.object({ ...ref, reasonKey: z.string(), params: z.record(z.string(), z.union([z.string(), z.number()])).default({}) }),
  /** The retention job removed a download's archive. */
  ExportExpired: z.object(ref),
};

type Data<K extends keyof typeof exportEventSchemas> = z.infer<(typeof exportEventSchemas)[K]>;
export type ExportRequested = DomainEvent<'ExportRequested', Data<'ExportRequested'>>;
export type ExportStarted = DomainEvent<'ExportStarted', Data<'ExportStarted'>>;
export type ExportSucceeded = DomainEvent<'ExportSucceeded', Data<'ExportSucceeded'>>;
export type ExportFailed = DomainEvent<'ExportFailed', Data<'ExportFailed'>>;
export type ExportExpired = DomainEvent<'ExportExpired', Data<'ExportExpired'>>;
export type ExportEvent = ExportRequested | ExportStarted | ExportSucceeded | ExportFailed | ExportExpired;
export const exportStreamId = (exportId: string): string => `export-${exportId}`;
