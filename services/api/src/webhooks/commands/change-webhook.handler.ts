// A PM changes a webhook (rotating its secret if asked), switches it on or off, removes it, or asks for a replay.
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type AppConfig, CommandPipeline, type CommandContext, CONFIG, newWebhookSecret, sealSecret, webhookLifecycle } from '@annot/core';
import { type ChangeWebhookInput, type WebhookEvent, type WebhookSecretAnswer, type WebhookState, webhookStreamId } from '@annot/workflows';
import { assertWebhookUrl } from './register-webhook.handler';

export type WebhookChange =
  | { kind: 'change'; input: ChangeWebhookInput }
  | { kind: 'enable' }
  | { kind: 'disable' }
  | { kind: 'remove' }
  /** The log position delivery goes back to, already found from a time where one was given. */
  | { kind: 'replay'; fromPosition: string };

export class ChangeWebhookCommand {
  constructor(
    readonly webhookId: string,
    readonly change: WebhookChange,
    readonly expectedVersion: bigint | undefined,
    readonly context: CommandContext,
  ) {}
}

@CommandHandler(ChangeWebhookCommand)
export class ChangeWebhookHandler implements ICommandHandler<ChangeWebhookCommand, WebhookSecretAnswer> {
  constructor(
    private readonly pipeline: CommandPipeline,
    @Inject(CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ webhookId, change, expectedVersion, context }: ChangeWebhookCommand): Promise<WebhookSecretAnswer> {
    if (change.kind === 'change') assertWebhookUrl(change.input.url, this.config);
    const secret = change.kind === 'change' && change.input.rotateSecret ? newWebhookSecret() : null;
    const result = await this.pipeline.run(webhookLifecycle, webhookStreamId(webhookId), context, {
      event: { type: `webhook.${change.kind}` },
      expectedVersion,
      decide: (state) => [eventOf(webhookId, state, change, secret === null ? null : sealSecret(this.config.secretKey, secret), context.actor.id)],
    });
    return { id: webhookId, version: result.version.toString(), secret };
  }
}

function eventOf(webhookId: string, state: WebhookState, change: WebhookChange, sealed: ReturnType<typeof sealSecret> | null, actorId: string): WebhookEvent {
  const ref = { webhookId, projectId: state.projectId };
  switch (change.kind) {
    case 'change': {
      const { rotateSecret: _rotate, ...fields } = change.input;
      return { type: 'WebhookChanged', data: { ...ref, ...fields, ...(sealed ? { secret: sealed } : {}) } };
    }
    case 'enable':
      return { type: 'WebhookEnabled', data: ref };
    case 'disable':
      return { type: 'WebhookDisabled', data: ref };
    case 'remove':
      return { type: 'WebhookRemoved', data: { ...ref, removedBy: actorId } };
    case 'replay':
      return { type: 'WebhookReplayRequested', data: { ...ref, fromPosition: change.fromPosition, requestedBy: actorId } };
  }
}
