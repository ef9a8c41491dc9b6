// The statistics reads: a project's figures in a role's scope, and the staff's dashboard, each with the reader's
// granularity and the browser's time zone, so periods are the reader's own days, weeks, months, quarters and years.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { DashboardView, Granularity, ProjectStatisticsView, StatisticsScope } from '@annot/workflows';
import { api } from '@/lib/api-client';
import { isUuid } from '@/lib/ids';

export const insightsKey = ['insights'] as const;

/** The browser's IANA zone; UTC where the browser does not say. */
export const browserTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

const scopePath: Record<StatisticsScope, string> = { project: '', mine: '/mine', team: '/team' };

/** The days a reader picked; none for the server's thirty days up to today. */
export interface PickedRange {
  from?: string;
  to?: string;
}

/**
 * `asOf`: the moment of a past read (?position= or ?at=, none for now), whose figures the live statistics projection
 * makes from the log up to it; a past read is of the whole project.
 */
export const useProjectStatistics = (projectId: string, scope: StatisticsScope, granularity: Granularity, range: PickedRange = {}, asOf?: Record<string, string>) => {
  const tz = browserTimeZone();
  const path = asOf ? `/manage/past/projects/${projectId}/statistics` : `/manage/projects/${projectId}/statistics${scopePath[scope]}`;
  return useQuery({
    queryKey: [...insightsKey, 'project', projectId, scope, granularity, tz, range.from, range.to, asOf ?? null],
    queryFn: () => api.get<ProjectStatisticsView>(path, { ...asOf, granularity, tz, from: range.from, to: range.to }),
    // The page keeps its figures while the next range's come, so the range fields stay where the reader is.
    placeholderData: keepPreviousData,
    enabled: isUuid(projectId),
    // Figures follow the work as the projection catches up; a minute is fresh enough for a statistics page.
    refetchInterval: 60_000,
  });
};

export const useDashboard = (granularity: Granularity, enabled: boolean) => {
  const tz = browserTimeZone();
  return useQuery({
    queryKey: [...insightsKey, 'dashboard', granularity, tz],
    queryFn: () => api.get<DashboardView>('/manage/dashboard', { granularity, tz }),
    enabled,
    refetchInterval: 60_000,
  });
};
