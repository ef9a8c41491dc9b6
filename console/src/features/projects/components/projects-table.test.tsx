// A row of the project list offers each person a way in: a PM the project's lifecycle with its other pages in one
// menu, a tagger or a supplier the project's work screen and their own statistics.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ProjectSummary } from '@annot/workflows';
import { userInfoQuery } from '@/lib/user-info';
import { serverConfigQuery } from '@/lib/server-config';
import { i18n, setLanguage } from '@/lib/i18n';
import { fakeApi } from '@/test/fake-api';
import { ProjectsTable, type ProjectsTableProps } from './projects-table';

const id = '00000000-0000-4000-8000-000000000009';
const project: ProjectSummary = {
  id,
  title: 'Night drives',
  status: 'in_progress',
  published: true,
  type: 'formal',
  annotationType: 'picture_single_frame',
  startDate: '2026-12-01',
  endDate: '2026-12-31',
  creatorName: 'Admin',
  linkCount: 2,
  batches: 1,
  items: 12,
  createdAt: '2026-12-01T00:00:00.000Z',
  updatedAt: '2026-12-01T00:00:00.000Z',
  version: '3',
};

function renderAs(role: string, props: ProjectsTableProps) {
  fakeApi({ 'GET /manage/projects': { data: { items: [project], nextCursor: null } }, 'GET /manage/projects/counts': { data: { in_progress: 1 } } });
  void setLanguage('en-US');
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(userInfoQuery().queryKey, { id: 'p', name: 'Someone', role, account: 'someone', ding_talk_account: null });
  client.setQueryData(serverConfigQuery().queryKey, { dots_url: '/login', private_deployment: false });
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <ProjectsTable {...props} />
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

const row = async () => (await screen.findByRole('link', { name: 'Night drives' })).closest('tr')!;
const actionsOf = (cells: HTMLElement) => within(cells).queryAllByRole('link').concat(within(cells).queryAllByRole('button')).map((e) => e.textContent).filter((text) => text !== 'Night drives');

describe(ProjectsTable.name, () => {
  afterEach(() => vi.unstubAllGlobals());

  it("gathers a PM's pages of an ongoing project in one menu beside its lifecycle", async () => {
    renderAs('10', { tab: 'going', manage: true });
    const cells = await row();
    expect(actionsOf(cells)).toEqual(['Members', 'More', 'Pause', 'Complete', 'Close', 'Clone']);
    await userEvent.click(within(cells).getByRole('button', { name: 'More pages of Night drives' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getAllByRole('menuitem').map((item) => [item.textContent, item.getAttribute('href')])).toEqual([
      ['Statistics', `/project/datasum/${id}`],
      ['Sampling inspection', `/project/checkmanage/${id}`],
      ['Acceptance', `/project/acceptmanage/${id}`],
      ['Acceptance board', `/project/category/${id}`],
      ['Export', `/project/exportData/${id}`],
      ['Algorithms', `/project/algorithm/${id}`],
      ['Webhooks', `/project/webhooks/${id}`],
    ]);
  });

  it('offers a tagger the work screen and its own statistics, and nothing to manage', async () => {
    renderAs('40', { tab: 'going', manage: false, openPath: (p) => `/tag/datamanage/${p.id}`, statisticsPath: (p) => `/tag/sum/${p.id}` });
    const cells = await row();
    expect(actionsOf(cells)).toEqual(['Open', 'Statistics']);
    expect(within(cells).getByRole('link', { name: 'Open' })).toHaveAttribute('href', `/tag/datamanage/${id}`);
    expect(within(cells).getByRole('link', { name: 'Statistics' })).toHaveAttribute('href', `/tag/sum/${id}`);
  });

  it('opens a supplier on its own screen when the area names none', async () => {
    renderAs('30', { tab: 'going', manage: false });
    const cells = await row();
    expect(actionsOf(cells)).toEqual(['Open']);
    expect(within(cells).getByRole('link', { name: 'Open' })).toHaveAttribute('href', `/supplier/datamanage/${id}`);
  });
});
