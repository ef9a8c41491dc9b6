import { describe, expect, it } from 'vitest';
import { evolveWebhook, initialWebhookState } from './webhook.evolve';
import type { WebhookEvent } from './webhook.events';

const webhookId = '7c1f6f1e-8a43-4d55-9a43-4d2f5b1b7a10';
const projectId = '2b5d3c8e-1f44-4e2a-8c1d-5f6a7b8c9d0e';
const secret = { iv: 'aXY=', tag: 'dGFn', data: 'ZGF0YQ==' };
const rotated = { iv: 'bmV3', tag: 'bmV3', data: 'bmV3' };
const registered: WebhookEvent = {
  type: 'WebhookRegistered',
  data: { webhookId, projectId, url: 'https://hooks.example.com/a', eventTypes: ['ItemSubmitted'], description: '', secret, registeredBy: 'pm' },
};
const fold = (events: WebhookEvent[]) => events.reduce(evolveWebhook, initialWebhookState);

describe(evolveWebhook.name, () => {
  it('starts delivering on registration, with the sealed secret it was given', () => {
    expect(fold([registered])).toMatchObject({ status: 'enabled', projectId, url: 'https://hooks.example.com/a', eventTypes: ['ItemSubmitted'], secret, replays: 0 });
  });

  it('keeps the secret through a change that does not rotate it, and takes a rotated one', () => {
    const changed: WebhookEvent = { type: 'WebhookChanged', data: { webhookId, projectId, url: 'https://hooks.example.com/b', eventTypes: ['ItemPassed', 'ItemRejected'], description: 'QA' } };
    expect(fold([registered, changed])).toMatchObject({ url: 'https://hooks.example.com/b', eventTypes: ['ItemPassed', 'ItemRejected'], description: 'QA', secret });
    const rotating: WebhookEvent = { type: 'WebhookChanged', data: { ...changed.data, secret: rotated } };
    expect(fold([registered, rotating]).secret).toEqual(rotated);
  });

  it('counts replays and remembers where the latest starts', () => {
    const replay = (fromPosition: string): WebhookEvent => ({ type: 'WebhookReplayRequested', data: { webhookId, projectId, fromPosition, requestedBy: 'pm' } });
    expect(fold([registered, replay('40'), replay('12')])).toMatchObject({ replays: 2, replayFrom: '12' });
  });

  it('pauses, resumes and removes', () => {
    const ref = { webhookId, projectId };
    expect(fold([registered, { type: 'WebhookDisabled', data: ref }]).status).toBe('disabled');
    expect(fold([registered, { type: 'WebhookDisabled', data: ref }, { type: 'WebhookEnabled', data: ref }]).status).toBe('enabled');
    expect(fold([registered, { type: 'WebhookRemoved', data: { ...ref, removedBy: 'pm' } }]).status).toBe('removed');
  });
});
