// POST /manage/tools/:id/delete: refused by the server while a project uses the tool.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { toolsKey } from './list-tools';

export const deleteTool = (id: string) => api.post<{ version: string }>(`/manage/tools/${id}/delete`);

export function useDeleteTool() {
  const client = useQueryClient();
  return useMutation({ mutationFn: deleteTool, onSuccess: () => client.invalidateQueries({ queryKey: toolsKey }) });
}
