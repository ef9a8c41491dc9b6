// GET /manage/past/projects/:projectId/landmarks: the project's acceptance verdicts, closed sampling rounds and exports'
// starts, each a moment to read the project at.
import { useQuery } from '@tanstack/react-query';
import type { PastLandmark } from '@annot/workflows';
import { api } from '@/lib/api-client';
import { isUuid } from '@/lib/ids';
import { pastKey } from './get-item-as-of';

export const usePastLandmarks = (projectId: string | undefined) =>
  useQuery({
    queryKey: [...pastKey, 'landmarks', projectId],
    queryFn: async () => (await api.get<{ items: PastLandmark[] }>(`/manage/past/projects/${projectId}/landmarks`)).items,
    enabled: projectId !== undefined && isUuid(projectId),
  });
