// A project's lifecycle verbs and cloning; each refreshes every project query.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { projectsKey } from './get-projects';

export type ProjectVerb = 'publish' | 'pause' | 'resume' | 'finish' | 'close' | 'reopen' | 'clone';

/** The machine's event for each verb the list and detail offer (clone is always possible). */
export const verbEvents: Record<Exclude<ProjectVerb, 'clone'>, string> = {
  publish: 'project.publish',
  pause: 'project.pause',
  resume: 'project.resume',
  finish: 'project.finish',
  close: 'project.close',
  reopen: 'project.reopen',
};

export function useChangeProject() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, verb }: { id: string; verb: ProjectVerb }) => api.post<{ id?: string; version: string }>(`/manage/projects/${id}/${verb}`),
    onSuccess: () => client.invalidateQueries({ queryKey: projectsKey }),
  });
}
