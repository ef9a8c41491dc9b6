// Demo exports: the PM's deliveries of the demo project, a COCO download of everything annotated and a YOLO download
// of what the client accepted, waited for so the export page shows them finished.
import { type Call, ok } from './seed-demo-call';

export interface DemoDelivery {
  format: string;
  scope: { gate: string; effectiveness: string };
  naming: string;
  /** With the items' media (images, clouds) beside the labels; true unless false. */
  withMedia?: boolean;
}

const deliveries: DemoDelivery[] = [
  { format: 'coco', scope: { gate: 'any', effectiveness: 'valid' }, naming: '{project}_{format}_{date}' },
  { format: 'yolo', scope: { gate: 'accepted', effectiveness: 'valid' }, naming: '{project}_accepted_{format}_{date}' },
];

export async function seedDemoExports(call: Call, pm: string, projectId: string, asked: DemoDelivery[] = deliveries): Promise<void> {
  const records = ok(await call('GET', `/manage/projects/${projectId}/exports`, undefined, pm), 'export records');
  if (records.items.length > 0) return;
  const ids: string[] = [];
  for (const delivery of asked) {
    const started = ok(await call('POST', `/manage/projects/${projectId}/exports`, { ...delivery, withMedia: delivery.withMedia ?? true, destination: { type: 'download' } }, pm), `${delivery.format} export`);
    ids.push(started.exportId);
  }
  for (const id of ids) {
    for (let tries = 0; ; tries++) {
      const record = ok(await call('GET', `/manage/exports/${id}`, undefined, pm), 'export record');
      if (record.status === 'succeeded') break;
      if (record.status === 'failed') throw new Error(`demo export ${record.format}: ${record.reason}`);
      if (tries > 600) throw new Error(`demo export ${record.format} did not finish`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
