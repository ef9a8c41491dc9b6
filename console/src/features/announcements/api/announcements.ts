// The admin's announcement calls: the management table a page at a time, one announcement, and its commands; every
// mutation refreshes both the table and the readers' notices.
import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AnnouncementInput, AnnouncementStatus, AnnouncementSummary, AnnouncementView, Page } from '@annot/workflows';
import { api } from '@/lib/api-client';
import { isUuid } from '@/lib/ids';
import { noticesKey } from './notices';

export const announcementsKey = ['announcements'] as const;

export const announcementsQuery = (status: AnnouncementStatus | undefined) =>
  infiniteQueryOptions({
    queryKey: [...announcementsKey, 'list', status ?? 'all'],
    queryFn: ({ pageParam }) => api.get<Page<AnnouncementSummary>>('/manage/announcements', { status, limit: 20, cursor: pageParam }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export const useAnnouncements = (status: AnnouncementStatus | undefined) => useInfiniteQuery(announcementsQuery(status));

export const useAnnouncement = (id: string | null) =>
  useQuery({ queryKey: [...announcementsKey, 'one', id], queryFn: () => api.get<AnnouncementView>(`/manage/announcements/${id}`), enabled: !!id && isUuid(id) });

function useAnnouncementMutation<I, O = unknown>(send: (input: I) => Promise<O>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: announcementsKey });
      await client.invalidateQueries({ queryKey: noticesKey });
    },
  });
}

export type AnnouncementAnswer = { id: string; version: string };

export const useDraftAnnouncement = () => useAnnouncementMutation((input: AnnouncementInput) => api.post<AnnouncementAnswer>('/manage/announcements', input));
export const useEditAnnouncement = () => useAnnouncementMutation(({ id, input }: { id: string; input: AnnouncementInput }) => api.put<AnnouncementAnswer>(`/manage/announcements/${id}`, input));

export type AnnouncementStep = { action: 'publish' } | { action: 'stop' } | { action: 'schedule'; publishAt: string };
export const useAnnouncementStep = () =>
  useAnnouncementMutation(({ id, step }: { id: string; step: AnnouncementStep }) =>
    api.post<AnnouncementAnswer>(`/manage/announcements/${id}/${step.action}`, step.action === 'schedule' ? { publishAt: step.publishAt } : undefined),
  );
