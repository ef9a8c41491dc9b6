// GET /manage/tools/:id: one tool's definition and its versions.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ToolDetail } from '@annot/workflows';
import { api } from '@/lib/api-client';
import { toolsKey } from './list-tools';

export const toolQuery = (id: string) => queryOptions({ queryKey: [...toolsKey, 'one', id], queryFn: () => api.get<ToolDetail>(`/manage/tools/${id}`) });

export const useTool = (id: string | undefined) => useQuery({ ...toolQuery(id ?? ''), enabled: !!id });
