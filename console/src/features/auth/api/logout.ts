// GET /manage/auth/logout: ends this session; the token is dropped whatever the answer.
import { api } from '@/lib/api-client';
import { dropToken } from '@/lib/auth-token';

export async function logout(): Promise<void> {
  await api.get<null>('/manage/auth/logout').catch(() => undefined);
  dropToken();
}
