// A project's webhooks: the list (kept fresh while one is failing), the delivery log page by page, and the commands;
// registration and secret rotation answer the secret, which the page shows once.
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChangeWebhookInput, Page, RegisterWebhookInput, ReplayWebhookInput, WebhookDeliveryView, WebhookSecretAnswer, WebhookView } from '@annot/workflows';
import { api } from '@/lib/api-client';
import { isUuid } from '@/lib/ids';

export const webhooksKey = (projectId: string) => ['webhooks', projectId] as const;
const base = (projectId: string) => `/manage/projects/${projectId}/webhooks`;

export const useWebhooks = (projectId: string) =>
  useQuery({
    queryKey: [...webhooksKey(projectId), 'list'],
    queryFn: async () => (await api.get<{ items: WebhookView[] }>(base(projectId))).items,
    enabled: isUuid(projectId),
    refetchInterval: 5_000,
  });

export const useWebhookDeliveries = (projectId: string, webhookId: string) =>
  useInfiniteQuery({
    queryKey: [...webhooksKey(projectId), 'deliveries', webhookId],
    queryFn: ({ pageParam }) => api.get<Page<WebhookDeliveryView>>(`${base(projectId)}/${webhookId}/deliveries`, { limit: 20, ...(pageParam ? { cursor: pageParam } : {}) }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    refetchInterval: 5_000,
  });

function useWebhookMutation<I>(projectId: string, send: (input: I) => Promise<WebhookSecretAnswer>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: send, onSuccess: () => client.invalidateQueries({ queryKey: webhooksKey(projectId) }) });
}

export const useRegisterWebhook = (projectId: string) => useWebhookMutation(projectId, (input: RegisterWebhookInput) => api.post<WebhookSecretAnswer>(base(projectId), input));
export const useChangeWebhook = (projectId: string, webhookId: string) =>
  useWebhookMutation(projectId, (input: ChangeWebhookInput) => api.put<WebhookSecretAnswer>(`${base(projectId)}/${webhookId}`, input));
export const useSteerWebhook = (projectId: string) =>
  useWebhookMutation(projectId, ({ webhookId, action }: { webhookId: string; action: 'enable' | 'disable' | 'remove' }) => api.post<WebhookSecretAnswer>(`${base(projectId)}/${webhookId}/${action}`));
export const useReplayWebhook = (projectId: string, webhookId: string) =>
  useWebhookMutation(projectId, (input: ReplayWebhookInput) => api.post<WebhookSecretAnswer>(`${base(projectId)}/${webhookId}/replay`, input));
