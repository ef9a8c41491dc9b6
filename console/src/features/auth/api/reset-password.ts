// POST /manage/auth/resetpasswd: a new password with the code sent to the phone or email.
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const resetPassword = (input: { account: string; code: string; password: string }) => api.post<null>('/manage/auth/resetpasswd', input);

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
