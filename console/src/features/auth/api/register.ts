// POST /manage/auth/register: the registration form travels as query parameters, as the seed says.
import { useMutation } from '@tanstack/react-query';
import { request } from '@/lib/api-client';

export type RegisterForm = Record<string, string | number | undefined>;

export const register = async (form: RegisterForm) => (await request<{ id: string }>('POST', '/manage/auth/register', { query: form })).data;

export const useRegister = () => useMutation({ mutationFn: register });
