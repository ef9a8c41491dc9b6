// POST /manage/auth/login: a token, an account list to choose from, or LOGIN_REPEAT.
import { useMutation } from '@tanstack/react-query';
import type { LoginInput } from '@annot/workflows';
import { request } from '@/lib/api-client';
import type { PersonInfo } from '@/lib/auth-token';

export type LoginOutcome =
  | { kind: 'signed-in'; token: string; info: PersonInfo }
  | { kind: 'choose-account'; accountList: { id: string; name: string }[] }
  | { kind: 'signed-in-elsewhere'; message: string };

type LoginData = { token?: string; info?: PersonInfo; accountList?: { id: string; name: string }[] } | null;

export async function login(input: Partial<LoginInput>): Promise<LoginOutcome> {
  const envelope = await request<LoginData>('POST', '/manage/auth/login', { body: input });
  if (envelope.errCode === 'LOGIN_REPEAT') return { kind: 'signed-in-elsewhere', message: envelope.message };
  if (envelope.data?.accountList) return { kind: 'choose-account', accountList: envelope.data.accountList };
  return { kind: 'signed-in', token: envelope.data!.token!, info: envelope.data!.info! };
}

export const useLogin = () => useMutation({ mutationFn: login });
