// Algorithm calls over HTTP: the admin starts, stops and restarts calls; the staff follow them and read each item's
// outcome; a model server fetches an item's media through a signed, short-lived address. Thin: it checks and hands on.
import { Body, Controller, Get, Inject, Param, Post, Query, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';
import { type AppConfig, AppError, CONFIG, type CommandContext, ItemFiles, mediaSignatureValid, NotFoundError } from '@annot/core';
import { type AlgorithmCallItemView, type AlgorithmCallView, type Page, pageQuery, startAlgorithmCallInput } from '@annot/workflows';
import { Ctx } from '../http/command-context.decorator';
import { RawResponse } from '../http/raw-response.decorator';
import { requestLanguage } from '../http/request-language';
import { HiddenInPrivateDeployment, Public } from '../identity/access/access.decorator';
import { Can } from '../identity/access/can.decorator';
import { ProjectAccess } from '../projects/project-access.service';
import { streamBody } from '../http/stream-body';
import { AlgorithmsRepository } from './algorithms.repository';
import { type AlgorithmCallAnswer, StartAlgorithmCallCommand } from './commands/start-algorithm-call.handler';
import { SteerAlgorithmCallCommand } from './commands/steer-algorithm-call.handler';

class CallParamsDto extends createZodDto(z.object({ callId: z.uuid() })) {}
class StartCallDto extends createZodDto(startAlgorithmCallInput) {}
class ListCallsDto extends createZodDto(pageQuery.extend({ projectId: z.uuid().optional(), algorithmId: z.uuid().optional() })) {}
class ListCallItemsDto extends createZodDto(pageQuery.extend({ outcome: z.enum(['control', 'pending', 'answered', 'failed', 'skipped']).optional() })) {}
// Item ids are derived from their batch and place (md5), so they are GUID-shaped without a UUID version.
class MediaParamsDto extends createZodDto(z.object({ itemId: z.guid() })) {}
class MediaQueryDto extends createZodDto(z.object({ expires: z.coerce.number().int().min(0), signature: z.string().regex(/^[0-9a-f]{64}$/) })) {}

@ApiTags('algorithms')
@Controller('manage')
export class AlgorithmCallsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly algorithms: AlgorithmsRepository,
    private readonly projects: ProjectAccess,
    private readonly files: ItemFiles,
    @Inject(CONFIG) private readonly config: AppConfig,
  ) {}

  @Post('algorithm-calls')
  @Can('algorithm.call')
  async start(@Body() body: StartCallDto, @Ctx() context: CommandContext): Promise<AlgorithmCallAnswer> {
    await this.projects.assertVisible(context.actor, body.projectId);
    return this.commands.execute(new StartAlgorithmCallCommand(body, context));
  }

  @Get('algorithm-calls')
  @Can('algorithm.read')
  list(@Query() query: ListCallsDto, @Req() req: Request): Promise<Page<AlgorithmCallView>> {
    return this.algorithms.calls({ projectId: query.projectId, algorithmId: query.algorithmId }, query.limit, query.cursor, requestLanguage(req));
  }

  @Get('algorithm-calls/:callId')
  @Can('algorithm.read')
  get(@Param() params: CallParamsDto, @Req() req: Request): Promise<AlgorithmCallView> {
    return this.found(params.callId, req);
  }

  @Get('algorithm-calls/:callId/items')
  @Can('algorithm.read')
  async items(@Param() params: CallParamsDto, @Query() query: ListCallItemsDto, @Req() req: Request): Promise<Page<AlgorithmCallItemView>> {
    await this.found(params.callId, req);
    return this.algorithms.callItems(params.callId, query.outcome, query.limit, query.cursor, requestLanguage(req));
  }

  @Post('algorithm-calls/:callId/stop')
  @Can('algorithm.call')
  stop(@Param() params: CallParamsDto, @Ctx() context: CommandContext): Promise<AlgorithmCallAnswer> {
    return this.commands.execute(new SteerAlgorithmCallCommand(params.callId, 'stop', context));
  }

  @Post('algorithm-calls/:callId/restart')
  @Can('algorithm.call')
  restart(@Param() params: CallParamsDto, @Ctx() context: CommandContext): Promise<AlgorithmCallAnswer> {
    return this.commands.execute(new SteerAlgorithmCallCommand(params.callId, 'restart', context));
  }

  /** The model server has no account: the signature, made by the worker for this item and time, is its door. */
  @Get('algorithm-media/:itemId')
  @Public()
  @HiddenInPrivateDeployment()
  @RawResponse()
  async media(@Param() params: MediaParamsDto, @Query() query: MediaQueryDto, @Res() res: Response): Promise<void> {
    if (!mediaSignatureValid(this.config.secretKey, params.itemId, query.expires, query.signature)) throw new AppError(403, 'FORBIDDEN', 'algorithms.media_link_invalid');
    const item = await this.algorithms.itemMedia(params.itemId);
    const file = item && (await this.files.open(item.path));
    if (!item || !file) throw new AppError(404, 'NOT_FOUND', 'items.media_unavailable');
    res.setHeader('Content-Type', item.mediaType);
    res.setHeader('Cache-Control', 'private, no-store');
    await streamBody(res, file);
  }

  private async found(callId: string, req: Request): Promise<AlgorithmCallView> {
    const call = await this.algorithms.call(callId, requestLanguage(req));
    if (!call) throw new NotFoundError('things.algorithm_call', callId);
    return call;
  }
}
