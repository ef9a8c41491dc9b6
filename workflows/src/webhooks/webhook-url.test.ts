import { describe, expect, it } from 'vitest';
import { judgeWebhookUrl } from './webhook-url';
import { replayWebhookInput, registerWebhookInput } from './webhook.schemas';
import { isWebhookEventType, projectIdOf, webhookEventTypes } from './webhook-event-types';

describe(judgeWebhookUrl.name, () => {
  it('allows HTTPS anywhere', () => {
    expect(judgeWebhookUrl('https://hooks.example.com/annot', false)).toBe('allowed');
  });

  it('allows plain HTTP only to this machine, and only where the setting allows it', () => {
    expect(judgeWebhookUrl('http://127.0.0.1:8080/hook', true)).toBe('allowed');
    expect(judgeWebhookUrl('http://localhost/hook', true)).toBe('allowed');
    expect(judgeWebhookUrl('http://127.0.0.1:8080/hook', false)).toBe('https_required');
    expect(judgeWebhookUrl('http://hooks.example.com/annot', true)).toBe('https_required');
  });

  it('refuses what is not an http address, and credentials in the address', () => {
    expect(judgeWebhookUrl('ftp://hooks.example.com/', true)).toBe('malformed');
    expect(judgeWebhookUrl('not a url', true)).toBe('malformed');
    expect(judgeWebhookUrl('https://user:pass@hooks.example.com/', true)).toBe('malformed');
  });
});

describe('webhook inputs', () => {
  it('takes only offered event types, each once', () => {
    expect(registerWebhookInput.safeParse({ url: 'https://a.example.com', eventTypes: ['ItemSubmitted'] }).success).toBe(true);
    expect(registerWebhookInput.safeParse({ url: 'https://a.example.com', eventTypes: ['AccountCreated'] }).success).toBe(false);
    expect(registerWebhookInput.safeParse({ url: 'https://a.example.com', eventTypes: ['ItemSubmitted', 'ItemSubmitted'] }).success).toBe(false);
    expect(registerWebhookInput.safeParse({ url: 'https://a.example.com', eventTypes: [] }).success).toBe(false);
  });

  it('replays from exactly one of a position or a time', () => {
    expect(replayWebhookInput.safeParse({ fromPosition: '12' }).success).toBe(true);
    expect(replayWebhookInput.safeParse({ fromTime: '2026-01-05T08:00:00+08:00' }).success).toBe(true);
    expect(replayWebhookInput.safeParse({}).success).toBe(false);
    expect(replayWebhookInput.safeParse({ fromPosition: '12', fromTime: '2026-01-05T08:00:00Z' }).success).toBe(false);
    expect(replayWebhookInput.safeParse({ fromPosition: '0' }).success).toBe(false);
  });
});

describe('webhook event types', () => {
  it('offers the work loop, quality, exports and algorithm calls, and nothing of identity or webhooks', () => {
    expect(webhookEventTypes).toEqual(expect.arrayContaining(['ItemSubmitted', 'SamplingRoundClosed', 'AcceptanceBatchPassed', 'ExportSucceeded', 'AlgorithmCallFinished']));
    expect(isWebhookEventType('AccountCreated')).toBe(false);
    expect(isWebhookEventType('WebhookRegistered')).toBe(false);
  });

  it('reads the project from the event data where it is named', () => {
    expect(projectIdOf({ projectId: 'p1', itemId: 'i1' })).toBe('p1');
    expect(projectIdOf({ callId: 'c1' })).toBeNull();
  });
});
