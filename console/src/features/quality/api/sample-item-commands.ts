// POST /manage/quality/sampling/:taskId/items/:itemId/judge and /release: an inspector's verdict on a sample item, or
// the item given back for another inspector.
import type { ErrorMark, SampleVerdict } from '@annot/workflows';
import { api } from '@/lib/api-client';

export const judgeSampleItem = (taskId: string, itemId: string, verdict: SampleVerdict, marks: ErrorMark[]) =>
  api.post<{ version: string; status: string; round: number }>(`/manage/quality/sampling/${taskId}/items/${itemId}/judge`, { verdict, marks });

export const releaseSampleItem = (taskId: string, itemId: string) => api.post<{ version: string }>(`/manage/quality/sampling/${taskId}/items/${itemId}/release`);
