// The CSV dialog sends the file with the PM's choice and shows either the count recycled or each line the server refused.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, setLanguage } from '@/lib/i18n';
import { RecycleCsvDialog } from './recycle-csv-dialog';

const envelope = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });

function renderDialog() {
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={new QueryClient()}>
        <RecycleCsvDialog projectId="00000000-0000-4000-8000-000000000001" onClose={() => undefined} />
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

async function send() {
  await userEvent.upload(screen.getByLabelText('CSV file'), new File(['id\na.jpg\n'], 'rework.csv', { type: 'text/csv' }));
  await userEvent.click(screen.getByLabelText('Within the same link'));
  await userEvent.click(screen.getByRole('button', { name: 'Recycle' }));
}

describe(RecycleCsvDialog.name, () => {
  beforeEach(() => setLanguage('en-US'));
  afterEach(() => vi.unstubAllGlobals());

  it('sends the file with the target and keep-result choice, and shows how many items were recycled', async () => {
    const fetch = vi.fn().mockResolvedValue(envelope({ code: 200, message: 'ok', data: { items: 2 }, errCode: null }));
    vi.stubGlobal('fetch', fetch);
    renderDialog();
    await send();
    expect(await screen.findByRole('status')).toHaveTextContent('2 items recycled');
    const [path, init] = fetch.mock.calls[0] as [string, RequestInit];
    expect(path).toBe('/manage/items/projects/00000000-0000-4000-8000-000000000001/recycle-csv');
    const form = init.body as FormData;
    expect([form.get('target'), form.get('keepResult'), (form.get('file') as File).name]).toEqual(['same_link', 'true', 'rework.csv']);
  });

  it('lists each line the server refused', async () => {
    const fields = [{ field: 'line.3', message: 'Line 3: no data of this project has the ID or file name "x.jpg"' }];
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(envelope({ code: 400, message: '1 line(s) of the CSV cannot be recycled; nothing was changed', data: { fields }, errCode: 'VALIDATION_FAILED' })));
    renderDialog();
    await send();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('nothing was changed');
    expect(alert).toHaveTextContent('Line 3: no data of this project has the ID or file name "x.jpg"');
  });
});
