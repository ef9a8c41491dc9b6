// The PM's word on an acceptance batch is offered only as the server allows it, asks first, and sends the batch's version.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AcceptanceBatchActions } from './acceptance-batch-actions';
import { fakeApi, renderIn } from '@/test/fake-api';

const batchId = '00000000-0000-4000-8000-000000000006';
const buttons = () => screen.queryAllByRole('button').map((b) => b.textContent);
const renderActions = (allowed: string[], language: 'en-US' | 'zh-CN' = 'en-US') =>
  renderIn(language, <AcceptanceBatchActions batchId={batchId} version="12" name="Acceptance batch 3" allowed={allowed} />);

describe(AcceptanceBatchActions.name, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('offers the PM only what the batch allows now', () => {
    const cases: [string[], string[]][] = [
      [[], []],
      [['acceptance.claim', 'acceptance.judge', 'acceptance.submit'], []],
      [['acceptance.withdraw'], ['Withdraw']],
      [['acceptance.pass', 'acceptance.reject', 'acceptance.withdraw'], ['Pass', 'Reject', 'Withdraw']],
    ];
    for (const [allowed, shown] of cases) {
      const { unmount } = renderActions(allowed);
      expect(buttons()).toEqual(shown);
      unmount();
    }
  });

  it('passes a submitted batch once confirmed, with the version it showed', async () => {
    const api = fakeApi({ [`POST /manage/quality/acceptance/${batchId}/pass`]: { data: { version: '13', status: 'passed' } } });
    renderActions(['acceptance.pass', 'acceptance.reject', 'acceptance.withdraw']);
    await userEvent.click(screen.getByRole('button', { name: 'Pass' }));
    expect(screen.getByRole('alertdialog', { name: 'Pass Acceptance batch 3?' })).toBeInTheDocument();
    expect(api.sent()).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Pass' }));
    await waitFor(() => expect(api.sent()).toEqual([{ route: `POST /manage/quality/acceptance/${batchId}/pass`, body: {}, ifMatch: '"12"' }]));
  });

  it('sends nothing when the question is cancelled', async () => {
    const api = fakeApi({});
    renderActions(['acceptance.withdraw']);
    await userEvent.click(screen.getByRole('button', { name: 'Withdraw' }));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(api.fetch).not.toHaveBeenCalled();
  });

  it('says why the server refused, in its words', async () => {
    const message = '验收批次状态为“已通过”，只能执行：无';
    fakeApi({ [`POST /manage/quality/acceptance/${batchId}/reject`]: { code: 409, errCode: 'INVALID_TRANSITION', message } });
    renderActions(['acceptance.reject'], 'zh-CN');
    await userEvent.click(screen.getByRole('button', { name: '驳回' }));
    await userEvent.click(screen.getByRole('button', { name: '驳回' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });
});
