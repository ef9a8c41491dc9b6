// A PM registers a webhook for a project: the server makes its secret, answers it once and keeps it only sealed.
import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type AppConfig, AppError, CommandPipeline, type CommandContext, CONFIG, newWebhookSecret, sealSecret, webhookLifecycle } from '@annot/core';
import { judgeWebhookUrl, type RegisterWebhookInput, type WebhookEvent, webhookStreamId, type WebhookSecretAnswer } from '@annot/workflows';

export class RegisterWebhookCommand {
  constructor(
    readonly projectId: string,
    readonly input: RegisterWebhookInput,
    readonly context: CommandContext,
  ) {}
}

/** HTTPS is required; the refusal names the field like any validation failure. */
export function assertWebhookUrl(url: string, config: AppConfig): void {
  const verdict = judgeWebhookUrl(url, config.webhooks.allowLocalHttp);
  if (verdict === 'allowed') return;
  const messageKey = verdict === 'https_required' ? 'webhooks.https_required' : 'webhooks.url_invalid';
  throw new AppError(400, 'VALIDATION_FAILED', 'errors.validation_failed', {}, [{ field: 'url', messageKey }]);
}

@CommandHandler(RegisterWebhookCommand)
export class RegisterWebhookHandler implements ICommandHandler<RegisterWebhookCommand, WebhookSecretAnswer> {
  constructor(
    private readonly pipeline: CommandPipeline,
    @Inject(CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ projectId, input, context }: RegisterWebhookCommand): Promise<WebhookSecretAnswer> {
    assertWebhookUrl(input.url, this.config);
    const webhookId = randomUUID();
    const secret = newWebhookSecret();
    const result = await this.pipeline.run(webhookLifecycle, webhookStreamId(webhookId), context, {
      decide: (): WebhookEvent[] => [
        { type: 'WebhookRegistered', data: { webhookId, projectId, ...input, secret: sealSecret(this.config.secretKey, secret), registeredBy: context.actor.id } },
      ],
    });
    return { id: webhookId, version: result.version.toString(), secret };
  }
}
