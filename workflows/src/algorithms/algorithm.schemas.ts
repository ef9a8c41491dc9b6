// What the algorithm registry and its calls take as input, and what their pages show.
import { z } from 'zod';
import type { GroupEffect } from './algorithm-effect';

const text = (max: number) => z.string().trim().max(max, 'validation.too_big');
const required = (max: number) => text(max).min(1, 'validation.required');
const wholePercent = z.number({ error: 'validation.non_negative_integer' }).int('validation.non_negative_integer').min(0, 'validation.too_small').max(100, 'validation.too_big');

/** Where a model server answers: http or https, nothing else. */
export const algorithmEndpoint = z
  .string({ error: 'algorithms.endpoint_invalid' })
  .trim()
  .max(500, 'validation.too_big')
  .refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), 'algorithms.endpoint_invalid');

/** A bearer token the platform sends to the model server; kept encrypted and never answered. */
const credentials = z.string().trim().max(1000, 'validation.too_big').nullable();

/** How the platform calls one algorithm: how many at once, how long it waits, the share held out by default. */
const callSettings = {
  controlGroupRatio: wholePercent.default(10),
  concurrency: z.number().int('validation.positive_integer').min(1, 'validation.positive_integer').max(64, 'validation.too_big').default(4),
  timeoutMs: z.number().int('validation.positive_integer').min(100, 'validation.too_small').max(300_000, 'validation.too_big').default(30_000),
};

const describing = {
  nameZh: required(100),
  nameEn: required(100),
  developer: text(100).default(''),
  description: text(2000).default(''),
};

export const registerAlgorithmInput = z
  .object({
    interfaceName: required(64).regex(/^[A-Za-z][A-Za-z0-9_.-]*$/, 'algorithms.interface_name_invalid'),
    ...describing,
    version: required(32),
    endpoint: algorithmEndpoint,
    credentials: credentials.default(null),
    ...callSettings,
    enabled: z.boolean().default(true),
  })
  .strict();
export type RegisterAlgorithmInput = z.infer<typeof registerAlgorithmInput>;

/** Editing what describes an algorithm and how it is called; `credentials` left out keeps the stored ones. */
export const editAlgorithmInput = z
  .object({ ...describing, ...callSettings, credentials: credentials.optional() })
  .strict();
export type EditAlgorithmInput = z.infer<typeof editAlgorithmInput>;

/** A new version is a new entry in the history: results name the version that made them. */
export const addAlgorithmVersionInput = z
  .object({ version: required(32), endpoint: algorithmEndpoint, credentials: credentials.optional(), description: text(2000).default('') })
  .strict();
export type AddAlgorithmVersionInput = z.infer<typeof addAlgorithmVersionInput>;

export const algorithmCallScope = z.discriminatedUnion('type', [
  z.object({ type: z.literal('batch'), batchId: z.uuid() }).strict(),
  z.object({ type: z.literal('link'), linkId: z.uuid() }).strict(),
]);
export type AlgorithmCallScope = z.infer<typeof algorithmCallScope>;

/** Starting a call; what is left null comes from the project's algorithm config, then the algorithm's defaults. */
export const startAlgorithmCallInput = z
  .object({
    projectId: z.uuid(),
    algorithmId: z.uuid(),
    versionId: z.uuid().nullable().default(null),
    scope: algorithmCallScope,
    scoreThreshold: z.number().min(0, 'validation.too_small').max(1, 'validation.too_big').nullable().default(null),
    controlGroupRatio: wholePercent.nullable().default(null),
  })
  .strict();
export type StartAlgorithmCallInput = z.infer<typeof startAlgorithmCallInput>;

export interface AlgorithmVersionView {
  id: string;
  version: string;
  endpoint: string;
  description: string;
  addedAt: string;
}

export interface AlgorithmView {
  id: string;
  interfaceName: string;
  nameZh: string;
  nameEn: string;
  developer: string;
  description: string;
  /** The newest version, which calls use unless one is chosen. */
  version: string;
  versionId: string;
  endpoint: string;
  hasCredentials: boolean;
  enabled: boolean;
  controlGroupRatio: number;
  concurrency: number;
  timeoutMs: number;
  /** Items sent to it over all its calls. */
  dataVolume: number;
  registeredAt: string;
  versions: AlgorithmVersionView[];
  etag: string;
}

export const algorithmCallStatuses = ['queued', 'running', 'waiting', 'finished', 'stopped'] as const;
export type AlgorithmCallStatus = (typeof algorithmCallStatuses)[number];

export interface AlgorithmCallView {
  id: string;
  algorithmId: string;
  algorithmName: { zh: string; en: string };
  version: string;
  versionId: string;
  projectId: string;
  projectTitle: string;
  scope: AlgorithmCallScope;
  scopeName: string;
  status: AlgorithmCallStatus;
  scoreThreshold: number;
  controlGroupRatio: number;
  drawSeed: number;
  /** Items in scope, and of them: held out as the control group, answered, failed, skipped (claimed meanwhile), not yet sent. */
  items: number;
  control: number;
  answered: number;
  failed: number;
  skipped: number;
  pending: number;
  objects: number;
  latencyMs: { p50: number | null; p90: number | null; p99: number | null };
  /** Why a call waits or stopped, in the reader's language. */
  reason: string | null;
  resumeAt: string | null;
  requestedBy: string;
  requestedAt: string;
  finishedAt: string | null;
}

export interface AlgorithmCallItemView {
  itemId: string;
  fileName: string;
  outcome: 'control' | 'pending' | 'answered' | 'failed' | 'skipped';
  objects: number;
  latencyMs: number | null;
  reason: string | null;
}

/** One version's effect: its answered items against the control group of the same calls. */
export interface AlgorithmVersionEffect {
  versionId: string;
  version: string;
  answered: GroupEffect;
  control: GroupEffect;
}

export interface AlgorithmAnalysisView {
  algorithm: AlgorithmView;
  versions: AlgorithmVersionEffect[];
  calls: AlgorithmCallView[];
}
