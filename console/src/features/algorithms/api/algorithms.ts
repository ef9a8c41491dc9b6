// The algorithm pages' calls: the registry and its changes, calls with their items (kept fresh while any is at work),
// the analysis, and what a call form offers of a project: its batches and annotation links.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AddAlgorithmVersionInput,
  AlgorithmAnalysisView,
  AlgorithmCallItemView,
  AlgorithmCallView,
  AlgorithmView,
  BatchSummary,
  EditAlgorithmInput,
  Page,
  ProjectDetail,
  ProjectSummary,
  RegisterAlgorithmInput,
  StartAlgorithmCallInput,
} from '@annot/workflows';
import { api } from '@/lib/api-client';
import { isUuid } from '@/lib/ids';

export const algorithmsKey = ['algorithms'] as const;

export const useAlgorithms = () => useQuery({ queryKey: [...algorithmsKey, 'list'], queryFn: async () => (await api.get<{ items: AlgorithmView[] }>('/manage/algorithms')).items });

export const useAlgorithmAnalysis = (algorithmId: string) =>
  useQuery({
    queryKey: [...algorithmsKey, 'analysis', algorithmId],
    queryFn: () => api.get<AlgorithmAnalysisView>(`/manage/algorithms/${algorithmId}/analysis`),
    enabled: isUuid(algorithmId),
    refetchInterval: (query) => (atWork(query.state.data?.calls) ? 2_000 : false),
  });

const atWork = (calls: AlgorithmCallView[] | undefined) => (calls ?? []).some((c) => c.status === 'queued' || c.status === 'running' || c.status === 'waiting');

/** Calls newest first, of a project or an algorithm or all; polled every two seconds while one is at work. */
export const useAlgorithmCalls = (filter: { projectId?: string; algorithmId?: string }) =>
  useQuery({
    queryKey: [...algorithmsKey, 'calls', filter],
    queryFn: async () => (await api.get<Page<AlgorithmCallView>>('/manage/algorithm-calls', { ...filter, limit: 50 })).items,
    refetchInterval: (query) => (atWork(query.state.data) ? 2_000 : false),
  });

export const useCallItems = (callId: string, outcome: AlgorithmCallItemView['outcome'], enabled: boolean) =>
  useQuery({
    queryKey: [...algorithmsKey, 'calls', callId, outcome],
    queryFn: async () => (await api.get<Page<AlgorithmCallItemView>>(`/manage/algorithm-calls/${callId}/items`, { outcome, limit: 100 })).items,
    enabled,
  });

/** The projects a call can be made in: those going on. */
export const useCallProjects = (enabled: boolean) =>
  useQuery({ queryKey: [...algorithmsKey, 'projects'], queryFn: async () => (await api.get<Page<ProjectSummary>>('/manage/projects', { tab: 'going', limit: 100 })).items, enabled });

/** What a call on a project may be made on: its batches and its annotation links; and its algorithm config. */
export const useCallTargets = (projectId: string) =>
  useQuery({
    queryKey: [...algorithmsKey, 'targets', projectId],
    queryFn: async () => {
      const [project, batches] = await Promise.all([api.get<ProjectDetail>(`/manage/projects/${projectId}`), api.get<BatchSummary[]>(`/manage/projects/${projectId}/batches`)]);
      return { project, batches, links: project.links.filter((l) => l.type === 'annotation') };
    },
    enabled: isUuid(projectId),
  });

function useAlgorithmMutation<I>(send: (input: I) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: send, onSuccess: () => client.invalidateQueries({ queryKey: algorithmsKey }) });
}

export const useRegisterAlgorithm = () => useAlgorithmMutation((input: RegisterAlgorithmInput) => api.post<{ id: string }>('/manage/algorithms', input));
export const useEditAlgorithm = (id: string) => useAlgorithmMutation((input: EditAlgorithmInput) => api.put(`/manage/algorithms/${id}`, input));
export const useAddAlgorithmVersion = (id: string) => useAlgorithmMutation((input: AddAlgorithmVersionInput) => api.post(`/manage/algorithms/${id}/versions`, input));
export const useSwitchAlgorithm = (id: string) => useAlgorithmMutation((enabled: boolean) => api.post(`/manage/algorithms/${id}/${enabled ? 'enable' : 'disable'}`));
export const useStartAlgorithmCall = () => useAlgorithmMutation((input: StartAlgorithmCallInput) => api.post<{ callId: string }>('/manage/algorithm-calls', input));
export const useSteerAlgorithmCall = () => useAlgorithmMutation(({ callId, action }: { callId: string; action: 'stop' | 'restart' }) => api.post(`/manage/algorithm-calls/${callId}/${action}`));

/** Saves a project's algorithm config as its basics, the rest of them as they are. */
export function useSaveAlgorithmConfig(project: ProjectDetail) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (algorithmConfig: ProjectDetail['basics']['algorithmConfig']) => api.put(`/manage/projects/${project.id}/basics`, { ...project.basics, algorithmConfig }),
    onSuccess: () => client.invalidateQueries(),
  });
}
