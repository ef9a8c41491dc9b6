// POST /manage/auth/bindding: a PM or admin binds the chat account (no check, as the seed says).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { userInfoQuery } from '@/lib/user-info';

export const bindChatAccount = (input: { account: string; ding_talk_account: string }) => api.post<null>('/manage/auth/bindding', input);

export function useBindChatAccount() {
  const client = useQueryClient();
  return useMutation({ mutationFn: bindChatAccount, onSuccess: () => client.invalidateQueries({ queryKey: userInfoQuery().queryKey }) });
}
