// Demo webhook: the demo project's quality and export events pointed at an example receiver, paused, so the webhook
// page shows one without the worker retrying an address nobody answers; point it at a real receiver and switch it on.
import { type Call, ok } from './seed-demo-call';

export async function seedDemoWebhooks(call: Call, admin: string, projectId: string): Promise<void> {
  const base = `/manage/projects/${projectId}/webhooks`;
  if (ok(await call('GET', base, undefined, admin), 'webhooks').items.length > 0) return;
  const registered = ok(
    await call('POST', base, { url: 'https://hooks.example.com/annot', eventTypes: ['SamplingRoundClosed', 'AcceptanceBatchPassed', 'AcceptanceBatchRejected', 'ExportSucceeded', 'ExportFailed'], description: 'Demo: the client’s delivery tracker' }, admin),
    'webhook',
  );
  ok(await call('POST', `${base}/${registered.id}/disable`, undefined, admin), 'webhook pause');
}
