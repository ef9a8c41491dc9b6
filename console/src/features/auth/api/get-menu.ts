// GET /manage/project/wordlistByRole: the side menu the server gives the caller's role.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MenuItem } from '@annot/workflows';
import { api } from '@/lib/api-client';

export const menuQuery = () =>
  queryOptions({ queryKey: ['menu'], queryFn: () => api.get<{ role: string; menu: MenuItem[] }>('/manage/project/wordlistByRole'), staleTime: 300_000 });

export const useMenu = () => useQuery(menuQuery());
