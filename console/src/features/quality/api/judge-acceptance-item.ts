// POST /manage/quality/acceptance/:batchId/items/:itemId/judge: the acceptor's verdict on one item of the batch it holds.
import type { AcceptanceVerdict, ErrorMark } from '@annot/workflows';
import { api } from '@/lib/api-client';

export const judgeAcceptanceItem = (batchId: string, itemId: string, verdict: AcceptanceVerdict, marks: ErrorMark[]) =>
  api.post<{ version: string }>(`/manage/quality/acceptance/${batchId}/items/${itemId}/judge`, { verdict, marks });
