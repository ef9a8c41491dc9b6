// How the algorithm pages name things: an algorithm in the reader's language, a call's status, a number of ms.
import type { TFunction } from 'i18next';
import type { AlgorithmCallStatus } from '@annot/workflows';
import { formatUnit } from '@/lib/numbers';

export const nameIn = (language: string, names: { zh: string; en: string }) => (language.startsWith('zh') ? names.zh : names.en);

export const statusTone: Record<AlgorithmCallStatus, 'outline' | 'default' | 'warning' | 'success' | 'destructive'> = {
  queued: 'outline',
  running: 'default',
  waiting: 'warning',
  finished: 'success',
  stopped: 'destructive',
};

export const statusLabel = (t: TFunction, status: AlgorithmCallStatus) => t(`algorithms_status_${status}`);

export const msLabel = (ms: number | null) => (ms === null ? '-' : formatUnit(ms, 'millisecond', 0));
