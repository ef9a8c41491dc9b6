// POST /manage/people/:id/login-ticket: a one-time sign-in link (dots-uuid) an admin hands to someone.
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const issueLoginTicket = (id: string) => api.post<{ uuid: string; expiresAt: string }>(`/manage/people/${id}/login-ticket`);

export const useIssueLoginTicket = () => useMutation({ mutationFn: issueLoginTicket });
