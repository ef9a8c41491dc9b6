// GET /manage/quality/sampling/mine: the open sampling tasks the tagger may inspect, with the items it holds unjudged.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MySamplingTask } from '@annot/workflows';
import { api } from '@/lib/api-client';
import { qualityKey } from './quality-keys';

export const mySamplingQuery = () =>
  queryOptions({ queryKey: [...qualityKey, 'sampling', 'mine'], queryFn: async () => (await api.get<{ items: MySamplingTask[] }>('/manage/quality/sampling/mine')).items });

export const useMySampling = (enabled = true) => useQuery({ ...mySamplingQuery(), enabled });
