// GET /manage/items/projects/:projectId/tools: the project's tools with their definitions, for drawing and attributes.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EditorTool } from '@annot/workflows';
import { api } from '@/lib/api-client';
import { isUuid } from '@/lib/ids';

export const projectToolsQuery = (projectId: string) =>
  // A project's tools change only by a new version of the project's tools step; an editor session may keep them.
  queryOptions({ queryKey: ['editor', 'tools', projectId], queryFn: () => api.get<EditorTool[]>(`/manage/items/projects/${projectId}/tools`), staleTime: 5 * 60_000 });

export const useProjectTools = (projectId: string | null) => useQuery({ ...projectToolsQuery(projectId ?? ''), enabled: isUuid(projectId) });
