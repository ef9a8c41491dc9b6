// What a PM asks of an export: which items, in which format, named how, delivered where; and the record it becomes.
import { z } from 'zod';
import { exportFormats } from './format';

/** Which items an export holds by the quality gate they passed: any, or only those past the project's inspection links, a passed sampling task, or a passed acceptance batch. */
export const exportGates = ['any', 'inspected', 'sampled', 'accepted'] as const;
export type ExportGate = (typeof exportGates)[number];

export const exportDestinationTypes = ['download', 'folder', 'cos', 'oss'] as const;
export type ExportDestinationType = (typeof exportDestinationTypes)[number];

/** Folders and key prefixes: relative, word characters, dots and dashes between slashes, never a way out. */
const relativePath = z
  .string()
  .trim()
  .max(200, 'validation.too_big')
  .regex(/^[\w.\-]+(\/[\w.\-]+)*$/, 'exports.path_invalid')
  .refine((value) => !value.split('/').some((part) => part === '.' || part === '..'), 'exports.path_invalid');

export const exportDestination = z.discriminatedUnion('type', [
  z.object({ type: z.literal('download') }).strict(),
  z.object({ type: z.literal('folder'), folder: relativePath }).strict(),
  z.object({ type: z.literal('cos'), prefix: relativePath.or(z.literal('')).default('') }).strict(),
  z.object({ type: z.literal('oss'), prefix: relativePath.or(z.literal('')).default('') }).strict(),
]);
export type ExportDestination = z.infer<typeof exportDestination>;

/** A naming pattern: placeholders in braces among plain characters; the archive's extension is added. */
export const exportNaming = z
  .string()
  .trim()
  .min(1, 'exports.naming_invalid')
  .max(120, 'validation.too_big')
  .regex(/^([\w.\-]|\{(project|batch|format|date)\})+$/, 'exports.naming_invalid');

export const exportScope = z
  .object({
    /** None means every batch of the project. */
    batchIds: z.array(z.uuid()).max(200, 'validation.too_big').default([]),
    /** None means every link; otherwise the items the chosen links hold now (or finished in, for the last link). */
    linkIds: z.array(z.uuid()).max(50, 'validation.too_big').default([]),
    gate: z.enum(exportGates).default('any'),
    /** Valid items only, or invalid ones too (marked as such where the format can say it). */
    effectiveness: z.enum(['valid', 'all']).default('valid'),
  })
  .strict();
export type ExportScope = z.infer<typeof exportScope>;

export const requestExportInput = z
  .object({
    format: z.enum(exportFormats, { error: 'exports.format_unknown' }),
    scope: exportScope.default({ batchIds: [], linkIds: [], gate: 'any', effectiveness: 'valid' }),
    withMedia: z.boolean().default(false),
    naming: exportNaming.default('{project}_{format}_{date}'),
    destination: exportDestination.default({ type: 'download' }),
  })
  .strict();
export type RequestExportInput = z.infer<typeof requestExportInput>;

export const exportStatuses = ['queued', 'running', 'succeeded', 'failed', 'expired'] as const;
export type ExportStatus = (typeof exportStatuses)[number];

/** An export record as the export page lists it. */
export interface ExportView {
  exportId: string;
  projectId: string;
  format: (typeof exportFormats)[number];
  scope: ExportScope;
  withMedia: boolean;
  naming: string;
  /** The archive's name, from the naming pattern when the export was asked for. */
  fileName: string;
  destination: ExportDestination;
  status: ExportStatus;
  requestedBy: string;
  requestedAt: string;
  startedAt: string | null;
  /** The log position the worker read the items at (the global position of its last start); null before it starts. */
  startedPosition: string | null;
  /**
   * That start's entry in the audit ledger, once settled: where an auditor checks the archive against the log
   * (`scripts/verify-ledger.mjs --export`).
   */
  ledgerSeq: string | null;
  /** The worker's starts: more than one means it began again after a crash. */
  attempts: number;
  finishedAt: string | null;
  /** Milliseconds from start to finish. */
  tookMs: number | null;
  items: number;
  objects: number;
  bytes: number;
  /** Where the archive was written: the folder path under EXPORT_ROOT or the bucket key; null for a download. */
  location: string | null;
  /** When a download is removed. */
  expiresAt: string | null;
  /** Why it failed, in the reader's language. */
  reason: string | null;
}

/** What the export form offers for a project: its batches and links, the destinations configured here, its data rule. */
export interface ExportOptions {
  batches: { id: string; name: string; items: number }[];
  links: { id: string; name: string; type: string }[];
  destinations: ExportDestinationType[];
  dataRule: { ruleId: string; ruleVersion: number; name: string } | null;
  retentionDays: number;
}
