// Events of a registered algorithm: registered, edited, given a new version, switched on or off.
import { z } from 'zod';
import type { DomainEvent } from '../shared/event';

const ref = { algorithmId: z.uuid() };
/** Credentials as stored: sealed with the platform's key, so neither the log nor a replay holds them in clear. */
export const sealedSecret = z.object({ iv: z.string(), tag: z.string(), data: z.string() });
export type SealedSecret = z.infer<typeof sealedSecret>;

const describing = { nameZh: z.string(), nameEn: z.string(), developer: z.string(), description: z.string() };
const settings = { controlGroupRatio: z.number().int(), concurrency: z.number().int(), timeoutMs: z.number().int() };

export const algorithmEventSchemas = {
  AlgorithmRegistered: z.object({ ...ref, interfaceName: z.string(), ...describing, ...settings, enabled: z.boolean(), registeredBy: z.string() }),
  AlgorithmVersionAdded: z.object({ ...ref, versionId: z.uuid(), version: z.string(), endpoint: z.string(), credentials: sealedSecret.nullable(), description: z.string(), addedBy: z.string() }),
  AlgorithmEdited: z.object({ ...ref, ...describing, ...settings, credentials: sealedSecret.nullable().optional() }),
  AlgorithmSwitched: z.object({ ...ref, enabled: z.boolean() }),
};

type Data<K extends keyof typeof algorithmEventSchemas> = z.infer<(typeof algorithmEventSchemas)[K]>;
export type AlgorithmRegistered = DomainEvent<'AlgorithmRegistered', Data<'AlgorithmRegistered'>>;
export type AlgorithmVersionAdded = DomainEvent<'AlgorithmVersionAdded', Data<'AlgorithmVersionAdded'>>;
export type AlgorithmEdited = DomainEvent<'AlgorithmEdited', Data<'AlgorithmEdited'>>;
export type AlgorithmSwitched = DomainEvent<'AlgorithmSwitched', Data<'AlgorithmSwitched'>>;
export type AlgorithmEvent = AlgorithmRegistered | AlgorithmVersionAdded | AlgorithmEdited | AlgorithmSwitched;
export const algorithmStreamId = (algorithmId: string): string => `algorithm-${algorithmId}`;
