// A project's signed webhooks over HTTP: the staff register, change, pause, remove and replay them and read their
// delivery log. Thin: it checks the project and the webhook are the caller's to see, and hands on.
import { Body, Controller, Get, Param, Post, Put, Query } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';
import { type CommandContext, NotFoundError } from '@annot/core';
import { changeWebhookInput, type Page, pageQuery, registerWebhookInput, replayWebhookInput, type WebhookDeliveryView, type WebhookSecretAnswer, type WebhookView } from '@annot/workflows';
import { Ctx } from '../http/command-context.decorator';
import { Versioned } from '../http/envelope';
import { IfMatch } from '../http/if-match.decorator';
import { Can } from '../identity/access/can.decorator';
import { ProjectAccess } from '../projects/project-access.service';
import { ChangeWebhookCommand, type WebhookChange } from './commands/change-webhook.handler';
import { RegisterWebhookCommand } from './commands/register-webhook.handler';
import { WebhooksRepository } from './webhooks.repository';

class ProjectParamsDto extends createZodDto(z.object({ projectId: z.uuid() })) {}
class WebhookParamsDto extends createZodDto(z.object({ projectId: z.uuid(), webhookId: z.uuid() })) {}
class RegisterWebhookDto extends createZodDto(registerWebhookInput) {}
class ChangeWebhookDto extends createZodDto(changeWebhookInput) {}
class ReplayWebhookDto extends createZodDto(replayWebhookInput) {}
class DeliveriesQueryDto extends createZodDto(pageQuery) {}

@ApiTags('webhooks')
@Controller('manage/projects/:projectId/webhooks')
export class WebhooksController {
  constructor(
    private readonly commands: CommandBus,
    private readonly webhooks: WebhooksRepository,
    private readonly projects: ProjectAccess,
  ) {}

  @Get()
  @Can('webhook.manage')
  async list(@Param() params: ProjectParamsDto, @Ctx() context: CommandContext): Promise<{ items: WebhookView[] }> {
    await this.projects.assertVisible(context.actor, params.projectId);
    return { items: await this.webhooks.list(params.projectId) };
  }

  /** The answer holds the secret: the only time it is ever shown. */
  @Post()
  @Can('webhook.manage')
  async register(@Param() params: ProjectParamsDto, @Body() body: RegisterWebhookDto, @Ctx() context: CommandContext): Promise<WebhookSecretAnswer> {
    await this.projects.assertVisible(context.actor, params.projectId);
    return this.commands.execute(new RegisterWebhookCommand(params.projectId, body, context));
  }

  @Get(':webhookId')
  @Can('webhook.manage')
  async get(@Param() params: WebhookParamsDto, @Ctx() context: CommandContext): Promise<Versioned<WebhookView>> {
    const view = await this.found(params, context);
    return new Versioned(view, view.etag);
  }

  @Put(':webhookId')
  @Can('webhook.manage')
  change(@Param() params: WebhookParamsDto, @Body() body: ChangeWebhookDto, @IfMatch() expected: bigint | undefined, @Ctx() context: CommandContext): Promise<WebhookSecretAnswer> {
    return this.run(params, { kind: 'change', input: body }, expected, context);
  }

  @Post(':webhookId/enable')
  @Can('webhook.manage')
  enable(@Param() params: WebhookParamsDto, @IfMatch() expected: bigint | undefined, @Ctx() context: CommandContext): Promise<WebhookSecretAnswer> {
    return this.run(params, { kind: 'enable' }, expected, context);
  }

  @Post(':webhookId/disable')
  @Can('webhook.manage')
  disable(@Param() params: WebhookParamsDto, @IfMatch() expected: bigint | undefined, @Ctx() context: CommandContext): Promise<WebhookSecretAnswer> {
    return this.run(params, { kind: 'disable' }, expected, context);
  }

  @Post(':webhookId/remove')
  @Can('webhook.manage')
  remove(@Param() params: WebhookParamsDto, @IfMatch() expected: bigint | undefined, @Ctx() context: CommandContext): Promise<WebhookSecretAnswer> {
    return this.run(params, { kind: 'remove' }, expected, context);
  }

  /** Delivers again from a log position, or from the first event recorded at or after a time. */
  @Post(':webhookId/replay')
  @Can('webhook.manage')
  async replay(@Param() params: WebhookParamsDto, @Body() body: ReplayWebhookDto, @IfMatch() expected: bigint | undefined, @Ctx() context: CommandContext): Promise<WebhookSecretAnswer> {
    await this.found(params, context);
    const fromPosition = body.fromPosition ?? (await this.webhooks.positionAt(body.fromTime!));
    return this.run(params, { kind: 'replay', fromPosition }, expected, context);
  }

  @Get(':webhookId/deliveries')
  @Can('webhook.manage')
  async deliveries(@Param() params: WebhookParamsDto, @Query() query: DeliveriesQueryDto, @Ctx() context: CommandContext): Promise<Page<WebhookDeliveryView>> {
    await this.found(params, context);
    return this.webhooks.deliveries(params.webhookId, query.limit, query.cursor);
  }

  private async run(params: WebhookParamsDto, change: WebhookChange, expected: bigint | undefined, context: CommandContext): Promise<WebhookSecretAnswer> {
    await this.found(params, context);
    return this.commands.execute(new ChangeWebhookCommand(params.webhookId, change, expected, context));
  }

  /** A webhook of another project, or of a project the caller may not see, answers as one that does not exist. */
  private async found(params: WebhookParamsDto, context: CommandContext): Promise<WebhookView> {
    await this.projects.assertVisible(context.actor, params.projectId);
    const view = await this.webhooks.get(params.webhookId);
    if (!view || view.projectId !== params.projectId) throw new NotFoundError('things.webhook', params.webhookId);
    return view;
  }
}
