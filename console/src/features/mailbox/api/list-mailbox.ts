// GET /manage/mailbox: codes the platform sent while no mail server is set.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface MailboxEntry {
  id: string;
  channel: 'email' | 'sms';
  recipient: string;
  subject: string;
  body: string;
  sentAt: string;
}

export const mailboxQuery = () => queryOptions({ queryKey: ['mailbox'], queryFn: () => api.get<MailboxEntry[]>('/manage/mailbox', { limit: 50 }), refetchInterval: 5000 });

export const useMailbox = () => useQuery(mailboxQuery());
