// A new sampling task: what the scope would screen, and every refusal said where the PM is looking, in their language.
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderIn } from '@/test/fake-api';
import { SamplingCreateForm } from './sampling-create-form';

const projectId = '00000000-0000-4000-8000-000000000001';
const batchId = '00000000-0000-4000-8000-000000000002';
const linkId = '00000000-0000-4000-8000-000000000003';
const base = `/manage/quality/projects/${projectId}/sampling`;
const preview = { data: { screeningCount: 200, annotators: 3, suggestedSampleSize: 132 } };

function renderForm(language: 'en-US' | 'zh-CN' = 'en-US') {
  renderIn(language, <SamplingCreateForm projectId={projectId} batches={[{ id: batchId, name: 'Batch A' }]} lastLink={{ id: linkId, name: 'Inspection' }} />);
}

describe(SamplingCreateForm.name, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows what the chosen batch would screen and the sample size the margin needs, and takes the suggestion as a count', async () => {
    const api = fakeApi({ [`GET ${base}/preview`]: preview });
    renderForm();
    await userEvent.selectOptions(screen.getByLabelText('Data batch'), batchId);
    const status = screen.getByRole('status', { name: 'Preview' });
    await waitFor(() => expect(status).toHaveTextContent('Screening count: 200 items'));
    expect(status).toHaveTextContent('Suggested sample size for ±5% at 95% confidence: 132');
    expect(status).toHaveTextContent('This rule samples 20');
    expect(String(api.fetch.mock.calls[0][0])).toContain(`batchId=${batchId}`);
    await userEvent.click(within(status).getByRole('button', { name: 'Sample 132' }));
    expect(screen.getByLabelText('Sample count')).toHaveValue(132);
  });

  it('asks the last link since the previous task', async () => {
    const api = fakeApi({ [`GET ${base}/preview`]: preview, [`POST ${base}`]: { data: { taskId: batchId, version: '1' } } });
    renderForm();
    await userEvent.click(screen.getByRole('radio', { name: 'The last link (Inspection) since the previous task' }));
    await userEvent.click(screen.getByRole('button', { name: 'Create sampling task' }));
    await waitFor(() => expect(api.sent()).toEqual([{ route: `POST ${base}`, body: { scope: { kind: 'link', linkId }, rule: { by: 'ratio', ratio: 10 } }, ifMatch: undefined }]));
  });

  it('refuses an unreasonable ratio with the seed message before asking the server, in English and in Chinese', async () => {
    for (const [language, message] of [
      ['en-US', 'Please enter a reasonable sampling quantity'],
      ['zh-CN', '请输入合理的抽检数量'],
    ] as const) {
      const api = fakeApi({ [`GET ${base}/preview`]: preview });
      renderForm(language);
      await userEvent.selectOptions(screen.getByRole('combobox'), batchId);
      const ratio = screen.getByRole('spinbutton', { name: language === 'en-US' ? 'Sampling ratio (%)' : '抽检比例（%）' });
      await userEvent.clear(ratio);
      await userEvent.type(ratio, '150');
      await userEvent.click(screen.getByRole('button', { name: language === 'en-US' ? 'Create sampling task' : '创建抽检任务' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(message);
      expect(ratio).toHaveAttribute('aria-invalid', 'true');
      expect(api.sent()).toEqual([]);
      cleanup();
    }
  });

  it('says the server refusal of the rule under the rule, as the server words it', async () => {
    fakeApi({
      [`GET ${base}/preview`]: preview,
      [`POST ${base}`]: { code: 400, errCode: 'VALIDATION_FAILED', message: 'Please enter a reasonable sampling quantity', data: { fields: [{ field: 'rule', message: 'Please enter a reasonable sampling quantity' }] } },
    });
    renderForm();
    await userEvent.selectOptions(screen.getByLabelText('Data batch'), batchId);
    await userEvent.click(screen.getByRole('radio', { name: 'Count' }));
    await userEvent.type(screen.getByLabelText('Sample count'), '500');
    await userEvent.click(screen.getByRole('button', { name: 'Create sampling task' }));
    const alerts = await screen.findAllByRole('alert');
    expect(alerts.map((a) => a.textContent)).toEqual(['Please enter a reasonable sampling quantity']);
    expect(screen.getByLabelText('Sample count')).toHaveAttribute('aria-invalid', 'true');
  });

  it('says a refusal of the whole task under the form', async () => {
    fakeApi({
      [`GET ${base}/preview`]: { data: { screeningCount: 0, annotators: 0, suggestedSampleSize: 0 } },
      [`POST ${base}`]: { code: 409, errCode: 'ITEM_REFUSED', message: '该范围内没有可抽检的已完成数据' },
    });
    renderForm('zh-CN');
    await userEvent.selectOptions(screen.getByLabelText('数据批次'), batchId);
    await userEvent.click(screen.getByRole('button', { name: '创建抽检任务' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('该范围内没有可抽检的已完成数据');
  });

  it('asks for a batch before sending one', async () => {
    const api = fakeApi({});
    renderForm();
    await userEvent.click(screen.getByRole('button', { name: 'Create sampling task' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose the data batch to sample');
    expect(api.fetch).not.toHaveBeenCalled();
  });
});
