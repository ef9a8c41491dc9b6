// The rule to read before the first claim shows its PDF once opened, fetched from the reader's own reading.
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RuleReadingView } from '@annot/workflows';
import { renderIn } from '@/test/fake-api';
import { RuleReadingGate } from './rule-reading';

const projectId = '00000000-0000-4000-8000-0000000000d1';
const pdf = '%PDF-1.4\n%%EOF\n';
const reading: RuleReadingView = {
  required: true,
  ruleId: '00000000-0000-4000-8000-0000000000a1',
  ruleVersion: 2,
  countdownSeconds: 60,
  readyAt: new Date(Date.now() + 60_000).toISOString(),
  opened: true,
  name: 'Lane lines',
  html: null,
  fileName: 'lane lines.pdf',
};

/** The API as the browser meets it: the reading in the envelope, the rule's file as a PDF. */
function serve(view: RuleReadingView) {
  const fetch = vi.fn(async (url: string) => {
    const path = url.split('?')[0];
    if (path === `/manage/items/projects/${projectId}/rule-readings/file`) return new Response(pdf, { headers: { 'content-type': 'application/pdf' } });
    if (path === `/manage/items/projects/${projectId}/rule-readings`)
      return new Response(JSON.stringify({ code: 200, message: 'ok', data: view, errCode: null }), { headers: { 'content-type': 'application/json' } });
    return new Response(JSON.stringify({ code: 404, message: 'Not found', data: null, errCode: 'NOT_FOUND' }), { status: 404, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetch);
  // jsdom has no object URLs; the frame shows whatever address the browser would make for the fetched file.
  const made: Blob[] = [];
  Object.assign(URL, { createObjectURL: (blob: Blob) => (made.push(blob), 'blob:rule-file'), revokeObjectURL: () => undefined });
  return { fetch, made };
}

const objectUrls = { createObjectURL: URL.createObjectURL, revokeObjectURL: URL.revokeObjectURL };

describe(RuleReadingGate.name, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    Object.assign(URL, objectUrls);
  });

  it('shows an opened PDF rule in a frame, fetched from the reading, while the countdown runs', async () => {
    const { made } = serve(reading);
    renderIn('en-US', <RuleReadingGate projectId={projectId}>claim form</RuleReadingGate>);
    const frame = await screen.findByTitle('lane lines.pdf');
    expect(frame.getAttribute('src')).toBe('blob:rule-file');
    expect(await made[0].text()).toBe(pdf);
    expect(screen.getByRole('status')).toHaveTextContent(/Keep reading/);
    expect(screen.queryByText('claim form')).toBeNull();
  });

  it('fetches no file for a rich-text rule', async () => {
    const { fetch } = serve({ ...reading, html: '<p>Draw tight boxes</p>', fileName: null });
    renderIn('en-US', <RuleReadingGate projectId={projectId}>claim form</RuleReadingGate>);
    await screen.findByText('Draw tight boxes');
    expect(screen.queryByTitle('lane lines.pdf')).toBeNull();
    expect(fetch.mock.calls.map(([url]) => url.split('?')[0]).filter((path) => path.endsWith('/file'))).toEqual([]);
  });
});
