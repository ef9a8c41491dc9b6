// The PM's commands on a sampling task are offered only as the server allows them, ask first, and send the task's version.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderIn } from '@/test/fake-api';
import { SamplingTaskActions } from './sampling-task-actions';

const taskId = '00000000-0000-4000-8000-000000000005';
const buttons = () => screen.queryAllByRole('button').map((b) => b.textContent);

describe(SamplingTaskActions.name, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('offers nothing the task does not allow the PM now', () => {
    for (const allowed of [[], ['sampling.claim', 'sampling.release', 'sampling.judge']]) {
      renderIn('en-US', <SamplingTaskActions taskId={taskId} version="7" round={1} allowed={allowed} />);
      expect(buttons()).toEqual([]);
    }
  });

  it('offers the next round after rework', () => {
    renderIn('en-US', <SamplingTaskActions taskId={taskId} version="7" round={1} allowed={['sampling.claim', 'sampling.start_round']} />);
    expect(buttons()).toEqual(['Start round 2']);
  });

  it('offers inspecting the sample where the page brings it and the server allows a claim', async () => {
    const inspect = { run: vi.fn(), pending: false, error: null };
    renderIn('en-US', <SamplingTaskActions taskId={taskId} version="7" round={1} allowed={['sampling.claim']} inspect={inspect} />);
    expect(buttons()).toEqual(['Inspect sample']);
    await userEvent.click(screen.getByRole('button', { name: 'Inspect sample' }));
    expect(inspect.run).toHaveBeenCalledWith(taskId);
  });

  it('offers the decision on a held task, and returns its failed items once confirmed', async () => {
    const api = fakeApi({ [`POST /manage/quality/sampling/${taskId}/decide`]: { data: { version: '8', status: 'decided' } } });
    renderIn('en-US', <SamplingTaskActions taskId={taskId} version="7" round={4} allowed={['sampling.decide']} />);
    expect(buttons()).toEqual(['Accept as it is', 'Return failed items']);
    await userEvent.click(screen.getByRole('button', { name: 'Return failed items' }));
    expect(screen.getByRole('alertdialog')).toHaveTextContent('Return the failed items of the last round for rework with their marks?');
    expect(api.sent()).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Return failed items' }));
    await waitFor(() => expect(api.sent()).toEqual([{ route: `POST /manage/quality/sampling/${taskId}/decide`, body: { decision: 'return' }, ifMatch: '"7"' }]));
  });

  it('sends nothing when the question is cancelled', async () => {
    const api = fakeApi({});
    renderIn('en-US', <SamplingTaskActions taskId={taskId} version="7" round={1} allowed={['sampling.start_round']} />);
    await userEvent.click(screen.getByRole('button', { name: 'Start round 2' }));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(api.fetch).not.toHaveBeenCalled();
  });

  it('says why the server refused, in its words', async () => {
    const message = '还有 2 条退回数据未完成返工';
    fakeApi({ [`POST /manage/quality/sampling/${taskId}/rounds`]: { code: 409, errCode: 'ITEM_REFUSED', message } });
    renderIn('zh-CN', <SamplingTaskActions taskId={taskId} version="7" round={1} allowed={['sampling.start_round']} />);
    await userEvent.click(screen.getByRole('button', { name: '开始第 2 轮' }));
    await userEvent.click(screen.getByRole('button', { name: '开始第 2 轮' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });
});
