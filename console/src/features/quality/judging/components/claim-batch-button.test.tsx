// Claiming an acceptance batch another acceptor holds asks the seed's question first, and only a confirmation takes it over.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, setLanguage } from '@/lib/i18n';
import { ClaimBatchButton } from './claim-batch-button';

const batchId = '00000000-0000-4000-8000-000000000003';
const envelope = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
const claimed = () => envelope({ code: 200, message: 'ok', data: { version: '4' }, errCode: null });
const heldByAnother = () =>
  envelope({ code: 409, message: 'Acceptance batch already claimed by another inspector: confirm before overwriting existing results', data: null, errCode: 'ACCEPTANCE_CLAIMED' });

function renderButton() {
  const onClaimed = vi.fn();
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={new QueryClient()}>
        <ClaimBatchButton batchId={batchId} label="Batch 2" onClaimed={onClaimed} />
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return onClaimed;
}

const bodies = (fetch: ReturnType<typeof vi.fn>) => fetch.mock.calls.map(([path, init]) => [path, JSON.parse((init as RequestInit).body as string)]);

describe(ClaimBatchButton.name, () => {
  beforeEach(() => setLanguage('en-US'));
  afterEach(() => vi.unstubAllGlobals());

  it('claims a waiting batch at once', async () => {
    const fetch = vi.fn().mockResolvedValue(claimed());
    vi.stubGlobal('fetch', fetch);
    const onClaimed = renderButton();
    await userEvent.click(screen.getByRole('button', { name: 'Claim Batch 2' }));
    await waitFor(() => expect(onClaimed).toHaveBeenCalled());
    expect(bodies(fetch)).toEqual([[`/manage/quality/acceptance/${batchId}/claim`, {}]]);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('asks before taking over a batch another acceptor holds, and takes it over once confirmed', async () => {
    const fetch = vi.fn().mockResolvedValueOnce(heldByAnother()).mockResolvedValueOnce(claimed());
    vi.stubGlobal('fetch', fetch);
    const onClaimed = renderButton();
    await userEvent.click(screen.getByRole('button', { name: 'Claim Batch 2' }));
    const question = await screen.findByRole('alertdialog');
    expect(question).toHaveTextContent('Acceptance batch already claimed by another inspector: confirm before overwriting existing results');
    expect(onClaimed).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Take over' }));
    await waitFor(() => expect(onClaimed).toHaveBeenCalled());
    expect(bodies(fetch)).toEqual([
      [`/manage/quality/acceptance/${batchId}/claim`, {}],
      [`/manage/quality/acceptance/${batchId}/claim`, { confirmTakeover: true }],
    ]);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('leaves the other acceptor its batch when the question is cancelled', async () => {
    const fetch = vi.fn().mockResolvedValue(heldByAnother());
    vi.stubGlobal('fetch', fetch);
    const onClaimed = renderButton();
    await userEvent.click(screen.getByRole('button', { name: 'Claim Batch 2' }));
    await screen.findByRole('alertdialog');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(onClaimed).not.toHaveBeenCalled();
  });

  it('says why a claim was refused for another reason, without the question', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(envelope({ code: 403, message: 'This acceptance batch is not assigned to you', data: null, errCode: 'FORBIDDEN' })));
    renderButton();
    await userEvent.click(screen.getByRole('button', { name: 'Claim Batch 2' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This acceptance batch is not assigned to you');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });
});
