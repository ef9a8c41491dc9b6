// An annotation import's status, polled every second until it has finished or failed.
import { useQuery } from '@tanstack/react-query';
import type { AnnotationImportView } from '@annot/workflows';
import { api } from '@/lib/api-client';

export const annotationImportKey = (importId: string) => ['annotation-imports', importId] as const;

const ended = (view: AnnotationImportView | undefined) => view?.status === 'finished' || view?.status === 'failed';

export const useAnnotationImport = (importId: string | null) =>
  useQuery({
    queryKey: annotationImportKey(importId ?? ''),
    queryFn: () => api.get<AnnotationImportView>(`/manage/annotation-imports/${importId}`),
    enabled: importId !== null,
    refetchInterval: (query) => (ended(query.state.data) ? false : 1_000),
  });
