// New acceptance batches: the eligible items, the split and the acceptors sent as chosen, and every refusal said where
// the PM is looking, in their language.
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Choice } from '@/components/search-choices';
import { AcceptanceCreateForm } from './acceptance-create-form';
import { fakeApi, renderIn } from '@/test/fake-api';

const projectId = '00000000-0000-4000-8000-000000000001';
const batchA = '00000000-0000-4000-8000-00000000000a';
const batchB = '00000000-0000-4000-8000-00000000000b';
const client = '00000000-0000-4000-8000-0000000000c1';
const base = `/manage/quality/projects/${projectId}/acceptance`;
const eligible = { data: { count: 30, byBatch: [{ batchId: batchA, batchName: 'Batch A', count: 20 }, { batchId: batchB, batchName: 'Batch B', count: 10 }] } };

const acceptors: Choice[] = [{ id: client, name: 'Demo Client (client)' }];
const useAcceptorChoices = () => ({ data: acceptors, isPending: false, error: null });

function renderForm(language: 'en-US' | 'zh-CN' = 'en-US') {
  renderIn(language, <AcceptanceCreateForm projectId={projectId} useAcceptorChoices={useAcceptorChoices} />);
}

describe(AcceptanceCreateForm.name, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('makes batches of the chosen data batches, split as asked, for the acceptors named', async () => {
    const api = fakeApi({ [`GET ${base}/eligible`]: eligible, [`POST ${base}`]: { data: { created: [{ batchId: batchA, sequence: 1, itemCount: 10 }, { batchId: batchB, sequence: 2, itemCount: 10 }], leftOut: 0 } } });
    renderForm();
    expect(await screen.findByText('30 items may go in a new acceptance batch')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Batch A (20)' }));
    await userEvent.clear(screen.getByLabelText('Number of batches'));
    await userEvent.type(screen.getByLabelText('Number of batches'), '2');
    expect(screen.getByText('Makes 2 batches of the 20 selected items')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Demo Client (client)' }));
    await userEvent.click(screen.getByRole('button', { name: 'Create acceptance batches' }));
    await waitFor(() =>
      expect(api.sent()).toEqual([{ route: `POST ${base}`, body: { dataBatchIds: [batchA], split: { by: 'number', batches: 2 }, acceptorIds: [client] }, ifMatch: undefined }]),
    );
  });

  it('asks for an acceptor before asking the server, in English and in Chinese', async () => {
    for (const [language, button, message] of [
      ['en-US', 'Create acceptance batches', 'Choose at least one client acceptor for the acceptance batches'],
      ['zh-CN', '创建验收批次', '请至少选择一名验收员'],
    ] as const) {
      const api = fakeApi({ [`GET ${base}/eligible`]: eligible });
      renderForm(language);
      await userEvent.click(screen.getByRole('button', { name: button }));
      expect(await screen.findByRole('alert')).toHaveTextContent(message);
      expect(api.sent()).toEqual([]);
      cleanup();
    }
  });

  it('refuses an unreasonable number of batches with the seed message before asking the server', async () => {
    const api = fakeApi({ [`GET ${base}/eligible`]: eligible });
    renderForm();
    await userEvent.clear(screen.getByLabelText('Number of batches'));
    await userEvent.type(screen.getByLabelText('Number of batches'), '0');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Demo Client (client)' }));
    await userEvent.click(screen.getByRole('button', { name: 'Create acceptance batches' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please enter a reasonable number of batches');
    expect(screen.getByLabelText('Number of batches')).toHaveAttribute('aria-invalid', 'true');
    expect(api.sent()).toEqual([]);
  });

  it('says the server refusal of the split under the single batch amount, as the server words it', async () => {
    const message = '验收批次数据量必须小于所选数据量';
    fakeApi({
      [`GET ${base}/eligible`]: eligible,
      [`POST ${base}`]: { code: 400, errCode: 'VALIDATION_FAILED', message, data: { fields: [{ field: 'split', message }] } },
    });
    renderForm('zh-CN');
    await userEvent.click(screen.getByRole('radio', { name: '按单批数量' }));
    await userEvent.type(screen.getByLabelText('单批数量'), '30');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Demo Client (client)' }));
    await userEvent.click(screen.getByRole('button', { name: '创建验收批次' }));
    const alerts = await screen.findAllByRole('alert');
    expect(alerts.map((a) => a.textContent)).toEqual([message]);
    expect(screen.getByLabelText('单批数量')).toHaveAttribute('aria-invalid', 'true');
  });

  it('says a refusal of the whole selection under the form', async () => {
    const message = 'None of the selected data can be put in an acceptance batch';
    fakeApi({ [`GET ${base}/eligible`]: eligible, [`POST ${base}`]: { code: 409, errCode: 'ITEM_REFUSED', message } });
    renderForm();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Demo Client (client)' }));
    await userEvent.click(screen.getByRole('button', { name: 'Create acceptance batches' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });
});
