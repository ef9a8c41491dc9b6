// GET /manage/tools: the tool configuration list with the used-by-project flag.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ToolSummary } from '@annot/workflows';
import { api } from '@/lib/api-client';

export type { ToolSummary };

export const toolsKey = ['tools'] as const;

export const toolsQuery = (keyword: string) =>
  queryOptions({ queryKey: [...toolsKey, keyword], queryFn: () => api.get<ToolSummary[]>('/manage/tools', { keyword: keyword || undefined }) });

export const useTools = (keyword: string) => useQuery(toolsQuery(keyword));
/** The same list for a picker: the previous answer stays while the next keyword's is on its way. */
export const useToolSearch = (keyword: string) => useQuery({ ...toolsQuery(keyword), placeholderData: keepPreviousData });
