// What callers send to the acceptance routes, the same schemas the console's forms use.
import { z } from 'zod';
import { pageQuery } from '../../shared/pagination';
import { errorMarks } from '../../items/item.events';
import { acceptanceSplit } from './acceptance-batches';
import { acceptanceVerdict } from './acceptance.events';

/** The PM's acceptance batches: from the finished items of some data batches (none named: all of them), split, for these acceptors. */
export const createAcceptanceInput = z
  .object({
    dataBatchIds: z.array(z.uuid()).max(500, 'validation.too_big').default([]),
    split: acceptanceSplit,
    acceptorIds: z.array(z.uuid()).min(1, 'quality.acceptance_acceptors_empty').max(100, 'validation.too_big'),
  })
  .strict();
export type CreateAcceptanceBody = z.infer<typeof createAcceptanceInput>;

/** `confirmTakeover` after the seed's warning that the batch is claimed by another acceptor. */
export const claimAcceptanceInput = z.object({ confirmTakeover: z.boolean().default(false) }).strict();

/** A reject names what is wrong with at least one mark. */
export const judgeAcceptanceInput = z
  .object({ verdict: acceptanceVerdict, marks: errorMarks.default([]) })
  .strict()
  .refine((v) => v.verdict === 'pass' || v.marks.length > 0, { message: 'items.marks_empty', path: ['marks'] });

/** Which items of the caller's batches a page lists: those still to judge, or those the acceptor passed or rejected. */
export const acceptanceItemStatus = z.enum(['unjudged', 'pass', 'reject']);
export const acceptanceItemsQuery = pageQuery.extend({ status: acceptanceItemStatus.optional() }).strict();
