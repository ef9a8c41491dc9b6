// GET /manage/quality/projects/:projectId/sampling/preview: what a task over a batch, or over what the last link finished
// since its previous task, would screen, and the sample size that reaches a margin.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { SamplingPreview, SamplingScopeInput } from '@annot/workflows';
import { api } from '@/lib/api-client';
import { samplingKey } from './quality-keys';

export const samplingPreviewQuery = (projectId: string, scope: SamplingScopeInput, margin: number) =>
  queryOptions({
    queryKey: [...samplingKey(projectId), 'preview', scope, margin],
    queryFn: () =>
      api.get<SamplingPreview>(`/manage/quality/projects/${projectId}/sampling/preview`, {
        ...(scope.kind === 'batch' ? { batchId: scope.batchId } : { linkId: scope.linkId }),
        margin,
      }),
  });

/** Null scope: nothing chosen yet, nothing asked. */
export const useSamplingPreview = (projectId: string, scope: SamplingScopeInput | null, margin: number) =>
  useQuery({
    ...samplingPreviewQuery(projectId, scope ?? { kind: 'batch', batchId: '' }, margin),
    enabled: scope !== null && Number.isInteger(margin) && margin >= 1 && margin <= 50,
    placeholderData: keepPreviousData,
  });
