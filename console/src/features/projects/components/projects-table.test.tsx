// A row of the project list offers each person a way in: a PM the project's lifecycle with its other pages in one
// menu, a tagger or a supplier the project's work screen and their own statistics.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ProjectSummary } from '@annot/workflows';
import { fakeApi, renderAs } from '@/test/fake-api';
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

function tableAs(role: string, props: ProjectsTableProps) {
  fakeApi({ 'GET /manage/projects': { data: { items: [project], nextCursor: null } }, 'GET /manage/projects/counts': { data: { in_progress: 1 } } });
  renderAs(role, <ProjectsTable {...props} />);
}

const row = async () => (await screen.findByRole('link', { name: 'Night drives' })).closest('tr')!;
const actionsOf = (cells: HTMLElement) => within(cells).queryAllByRole('link').concat(within(cells).queryAllByRole('button')).map((e) => e.textContent).filter((text) => text !== 'Night drives');

describe(ProjectsTable.name, () => {
  afterEach(() => vi.unstubAllGlobals());

  it("gathers a PM's pages of an ongoing project in one menu beside its lifecycle", async () => {
    tableAs('10', { tab: 'going', manage: true });
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
    tableAs('40', { tab: 'going', manage: false, openPath: (p) => `/tag/datamanage/${p.id}`, statisticsPath: (p) => `/tag/sum/${p.id}` });
    const cells = await row();
    expect(actionsOf(cells)).toEqual(['Open', 'Statistics']);
    expect(within(cells).getByRole('link', { name: 'Open' })).toHaveAttribute('href', `/tag/datamanage/${id}`);
    expect(within(cells).getByRole('link', { name: 'Statistics' })).toHaveAttribute('href', `/tag/sum/${id}`);
  });

  it('opens a supplier on its own screen when the area names none', async () => {
    tableAs('30', { tab: 'going', manage: false });
    const cells = await row();
    expect(actionsOf(cells)).toEqual(['Open']);
    expect(within(cells).getByRole('link', { name: 'Open' })).toHaveAttribute('href', `/supplier/datamanage/${id}`);
  });
});
