// POST /manage/auth/dots_login: exchanges the dots-uuid of a sign-in link for a token.
import { api } from '@/lib/api-client';
import type { PersonInfo } from '@/lib/auth-token';

export const dotsLogin = (uuid: string) => api.post<{ token: string; info: PersonInfo }>('/manage/auth/dots_login', { uuid });
