// The annotation import form follows its job: a progress bar while the worker reads the upload, then what it wrote
// and what it skipped line by line, or the refusal with each refused line.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AnnotationImportView, ExportOptions } from '@annot/workflows';
import { type Answer, fakeApi, renderIn } from '@/test/fake-api';
import { AnnotationImportForm } from './annotation-import-form';

const batchId = '00000000-0000-4000-8000-000000000002';
const importId = '00000000-0000-4000-8000-000000000009';
const options: ExportOptions = { batches: [{ id: batchId, name: 'Street', items: 6 }], links: [], destinations: ['download'], dataRule: null, retentionDays: 7 };
const started = { [`POST /manage/batches/${batchId}/annotation-imports`]: { code: 202, data: { importId, version: '1', batchImport: false } } };

const view = (over: Partial<AnnotationImportView>): AnnotationImportView => ({
  importId,
  batchId,
  format: 'coco',
  mode: 'all',
  fileName: 'instances.json',
  status: 'running',
  progress: 0,
  requestedAt: '2026-11-29T18:00:00.000000Z',
  finishedAt: null,
  items: 0,
  objects: 0,
  refused: 0,
  warned: 0,
  refusals: [],
  warnings: [],
  dropped: { files: [], objects: [] },
  reason: null,
  ...over,
});

/** The status route's answers in turn, the last one kept. */
function polls(...views: AnnotationImportView[]): () => Answer {
  let next = 0;
  return () => ({ data: views[Math.min(next++, views.length - 1)] });
}

async function upload() {
  await userEvent.selectOptions(screen.getByLabelText('Batch'), batchId);
  await userEvent.upload(screen.getByLabelText(/Annotation file/), new File(['{}'], 'instances.json', { type: 'application/json' }));
  await userEvent.click(screen.getByRole('button', { name: 'Import' }));
}

describe(AnnotationImportForm.name, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the progress while the worker reads the upload, then the objects written and each warning', async () => {
    fakeApi({
      ...started,
      [`GET /manage/annotation-imports/${importId}`]: polls(
        view({ status: 'running', progress: 40 }),
        view({ status: 'finished', progress: 100, items: 6, objects: 180, warned: 1, warnings: [{ source: 'instances.json annotations[180]', message: 'The annotation names image 999, which the file does not list: it was skipped' }] }),
      ),
    });
    renderIn('en-US', <AnnotationImportForm annotationType="picture_single_frame" options={options} />);
    await upload();
    const progress = await screen.findByRole('status', { name: 'Import progress' });
    await waitFor(() => expect(progress).toHaveTextContent('Importing the annotations: 40%'));
    expect(within(progress).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '40');

    const result = await screen.findByRole('status', { name: 'Import result' }, { timeout: 3_000 });
    expect(result).toHaveTextContent('Gave 6 items starting results (objects: 180)');
    expect(within(result).getByRole('region', { name: 'Skipped or changed while importing' })).toHaveTextContent(
      'instances.json annotations[180]: The annotation names image 999, which the file does not list: it was skipped',
    );
    expect(screen.queryByRole('status', { name: 'Import progress' })).toBeNull();
  });

  it('says the refusal with each refused line when the job wrote nothing, in Chinese too', async () => {
    fakeApi({
      ...started,
      [`GET /manage/annotation-imports/${importId}`]: polls(
        view({ status: 'failed', reason: '导入失败，错误如下。', refused: 1, refusals: [{ source: 'instances.json', message: '无法按 COCO 读取该文件' }] }),
      ),
    });
    renderIn('zh-CN', <AnnotationImportForm annotationType="picture_single_frame" options={options} />);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: '批次' }), batchId);
    await userEvent.upload(screen.getByLabelText(/标注文件/), new File(['{"images": ['], 'instances.json', { type: 'application/json' }));
    await userEvent.click(screen.getByRole('button', { name: '导入' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('导入失败，错误如下。');
    expect(alert).toHaveTextContent('instances.json: 无法按 COCO 读取该文件');
  });

  it('says a refusal decided before the job under the form, field by field', async () => {
    fakeApi({
      [`POST /manage/batches/${batchId}/annotation-imports`]: { code: 400, errCode: 'VALIDATION_FAILED', message: 'Validation failed', data: { fields: [{ field: 'format', message: 'Choose one of the export formats' }] } },
    });
    renderIn('en-US', <AnnotationImportForm annotationType="picture_single_frame" options={options} />);
    await upload();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Validation failed');
    expect(alert).toHaveTextContent('Choose one of the export formats');
  });
});
