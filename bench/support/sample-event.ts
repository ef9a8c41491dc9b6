// The event every benchmark writes: about 300 bytes of data and the full metadata of a real command.
import { randomUUID } from 'node:crypto';
import type { NewEvent } from '@annot/core';

export function sampleEvent(writer = 0, i = 0): NewEvent {
  const commandId = randomUUID();
  return {
    type: 'ItemAnnotated',
    data: {
      itemId: randomUUID(),
      batchId: `batch-${writer}`,
      link: 'annotation',
      objects: [
        { tool: 'box', label: 'car', x: 12.5, y: 40.25, w: 120, h: 64, attributes: { occluded: false, truncated: 'none' } },
        { tool: 'box', label: 'pedestrian', x: 300, y: 80, w: 30, h: 90, attributes: { occluded: true, truncated: 'partial' } },
      ],
      seconds: 37 + (i % 10),
    },
    metadata: {
      actorId: randomUUID(),
      actorRole: '40',
      commandId,
      correlationId: commandId,
      causationId: null,
      requestId: randomUUID(),
      clientIp: '10.0.0.12',
      machine: 'item@1',
    },
  };
}
