// GET /api/user/info: the signed-in person (the seed reads data.data), whom the shell, pages, features and permissions share.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client';
import type { PersonInfo } from './auth-token';

export const userInfoQuery = () =>
  queryOptions({ queryKey: ['user-info'], queryFn: async () => (await api.get<{ data: PersonInfo }>('/api/user/info')).data, staleTime: 60_000 });

export const useUserInfo = () => useQuery(userInfoQuery());
