// The wizard's saves: the first step creates the draft, every later save replaces one step of it.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProjectBasics, ProjectLinks, ProjectRules, ProjectStep, ProjectTools } from '@annot/workflows';
import { api } from '@/lib/api-client';
import { projectsKey } from './get-projects';

export type StepSave =
  | { step: 'basics'; value: ProjectBasics }
  | { step: 'tools'; value: ProjectTools }
  | { step: 'links'; value: ProjectLinks }
  | { step: 'rules'; value: ProjectRules };

export interface StepAnswer {
  id: string;
  status?: string;
  missing?: ProjectStep[];
}

export function useSaveProjectStep() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, save }: { id: string | null; save: StepSave }): Promise<StepAnswer> => {
      if (id === null) {
        const created = await api.post<{ id: string }>('/manage/projects', save.value);
        return { id: created.id };
      }
      const answer = await api.put<{ status: string; missing: ProjectStep[] }>(`/manage/projects/${id}/${save.step}`, save.value);
      return { id, ...answer };
    },
    onSuccess: () => client.invalidateQueries({ queryKey: projectsKey }),
  });
}
