// The code calls: registration (users, teams), the internal tab's sign-in code, and finding a password.
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type CodeKind = 'user' | 'team' | 'login' | 'forget';

const paths: Record<CodeKind, string> = {
  user: '/manage/auth/sendcode',
  team: '/manage/auth/suppliersendcode',
  login: '/manage/auth/logincode',
  forget: '/manage/auth/forgetsendcode',
};

export const sendCode = (kind: CodeKind, account: string) => api.get<{ seconds: number }>(paths[kind], { account });

export const useSendCode = (kind: CodeKind) => useMutation({ mutationFn: (account: string) => sendCode(kind, account) });
