// A call's row says where it stands in the reader's language, and offers the admin only the step its state allows;
// a PM follows calls and steers none.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AlgorithmCallView } from '@annot/workflows';
import { fakeApi, renderIn } from '@/test/fake-api';
import { useCan } from '@/lib/authorization';
import { CallsTable } from './calls-table';

function RoleKnown() {
  return useCan().ready ? <p>role known</p> : null;
}

const callId = '00000000-0000-4000-8000-0000000000c1';
const call = (over: Partial<AlgorithmCallView> = {}): AlgorithmCallView => ({
  id: callId,
  algorithmId: '00000000-0000-4000-8000-0000000000a1',
  algorithmName: { zh: '演示车辆检测器', en: 'Demo vehicle detector' },
  version: '1.0',
  versionId: '00000000-0000-4000-8000-0000000000b1',
  projectId: '00000000-0000-4000-8000-0000000000d1',
  projectTitle: 'Streets',
  scope: { type: 'batch', batchId: '00000000-0000-4000-8000-0000000000e1' },
  scopeName: 'Week 1',
  status: 'stopped',
  scoreThreshold: 0.5,
  controlGroupRatio: 25,
  drawSeed: 7,
  items: 12,
  control: 3,
  answered: 4,
  failed: 2,
  skipped: 0,
  pending: 3,
  objects: 6,
  latencyMs: { p50: 40, p90: 80, p99: 120 },
  reason: 'The model server kept failing after 3 waits; the call stopped with 3 items not sent',
  resumeAt: null,
  requestedBy: 'pm',
  requestedAt: '2026-11-24T06:00:00.000Z',
  finishedAt: '2026-11-24T06:01:00.000Z',
  ...over,
});

const signedIn = (role: string) => ({
  'GET /api/user/info': { data: { data: { role, name: 'Someone' } } },
  'GET /ocr_front_config/server_url_config.json': { data: { private_deployment: false } },
});

describe(CallsTable.name, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows why a stopped call stopped, and lets the admin restart it', async () => {
    const api = fakeApi({ ...signedIn('01'), [`POST /manage/algorithm-calls/${callId}/restart`]: { data: { callId, version: '9' } } });
    renderIn('en-US', <CallsTable calls={[call()]} showProject />);
    expect(screen.getByText('Stopped')).toBeInTheDocument();
    expect(screen.getByText(/kept failing after 3 waits/)).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Restart' }));
    await waitFor(() => expect(api.sent().map((s) => s.route)).toEqual([`POST /manage/algorithm-calls/${callId}/restart`]));
  });

  it('offers a running call a stop and a finished one nothing', async () => {
    fakeApi(signedIn('01'));
    renderIn('zh-CN', <CallsTable calls={[call({ id: `${callId.slice(0, -1)}2`, status: 'running', reason: null }), call({ status: 'finished', reason: null, failed: 0 })]} showProject={false} />);
    expect(await screen.findByRole('button', { name: '停止' })).toBeInTheDocument();
    expect(screen.getByText('已完成')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '重新开始' })).toBeNull();
  });

  it('shows a PM why a call stopped and offers no step, since calls are the admin’s', async () => {
    fakeApi(signedIn('10'));
    renderIn(
      'en-US',
      <>
        <CallsTable calls={[call(), call({ id: `${callId.slice(0, -1)}3`, status: 'running', reason: null })]} showProject />
        <RoleKnown />
      </>,
    );
    // The buttons would show by now: the same render knows the PM's role.
    await screen.findByText('role known');
    expect(screen.getByText(/kept failing after 3 waits/)).toBeInTheDocument();
    expect(screen.getByText('Running')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Restart' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Stop' })).toBeNull();
  });
});
