// What callers send to the sampling routes, the same schemas the console's forms use.
import { z } from 'zod';
import { errorMarks } from '../../items/item.events';
import { sampleRule, sampleVerdict } from './sampling.events';

/** The scope as the PM chooses it; a link's window is the server's to set. */
export const samplingScopeInput = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('batch'), batchId: z.uuid() }).strict(),
  z.object({ kind: z.literal('link'), linkId: z.uuid() }).strict(),
]);
export type SamplingScopeInput = z.infer<typeof samplingScopeInput>;

export const createSamplingInput = z.object({ scope: samplingScopeInput, rule: sampleRule }).strict();
export type CreateSamplingTaskInput = z.infer<typeof createSamplingInput>;

/** The margin a suggested sample size reaches, in percentage points. */
export const samplingMarginDefault = 5;

/** What a task over a batch, or over what a link finished since its last task, would screen. */
export const samplingPreviewQuery = z
  .object({
    batchId: z.uuid().optional(),
    linkId: z.uuid().optional(),
    margin: z.coerce.number().int('validation.positive_integer').min(1, 'validation.positive_integer').max(50, 'validation.too_big').default(samplingMarginDefault),
  })
  .strict()
  .refine((q) => (q.batchId === undefined) !== (q.linkId === undefined), { message: 'quality.sampling_scope_one', path: ['batchId'] });

/** Failing an item needs a mark; the decider says so in the seed's words. */
export const judgeSampleInput = z.object({ verdict: sampleVerdict, marks: errorMarks.default([]) }).strict();
export type JudgeSampleInput = z.infer<typeof judgeSampleInput>;

export const decideSamplingInput = z.object({ decision: z.enum(['accept', 'return']) }).strict();
export type DecideSamplingInput = z.infer<typeof decideSamplingInput>;
