// POST /manage/tools and PATCH /manage/tools/:id: a new tool, or a new version of one.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ToolInput } from '@annot/workflows';
import { api } from '@/lib/api-client';
import { toolsKey } from './list-tools';

export type SaveTool = { id: string | null; version?: string; input: ToolInput };

export const saveTool = ({ id, version, input }: SaveTool): Promise<{ id?: string; version?: string }> =>
  id === null ? api.post('/manage/tools', input) : api.patch(`/manage/tools/${id}`, input, version ? { 'if-match': `"${version}"` } : {});

export function useSaveTool() {
  const client = useQueryClient();
  return useMutation({ mutationFn: saveTool, onSuccess: () => client.invalidateQueries({ queryKey: toolsKey }) });
}
