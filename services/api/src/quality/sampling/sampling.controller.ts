// Sampled quality inspection over HTTP: the PM makes tasks over finished items, starts rounds after rework and decides
// on held tasks; inspectors claim and judge the sample. Thin: it checks who may act and hands the work on.
import { Body, Controller, Get, Param, Post, Query } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';
import { type CommandContext, NotFoundError } from '@annot/core';
import {
  createSamplingInput,
  decideSamplingInput,
  judgeSampleInput,
  type MySamplingTask,
  sampleSizeFor,
  type SamplingPreview,
  samplingPreviewQuery,
  type SamplingTaskRow,
  type SamplingTaskView,
  itemActor,
} from '@annot/workflows';
import { Ctx } from '../../http/command-context.decorator';
import type { Versioned } from '../../http/envelope';
import { IfMatch } from '../../http/if-match.decorator';
import { Can } from '../../identity/access/can.decorator';
import { ProjectErrorGroups } from '../../projects/project-error-groups.service';
import { ProjectAccess } from '../../projects/project-access.service';
import { ActOnSampleItemCommand } from './commands/act-on-sample-item.handler';
import { ClaimSampleItemCommand } from './commands/claim-sample-item.handler';
import { CreateSamplingTaskCommand } from './commands/create-sampling-task.handler';
import { DecideSamplingTaskCommand } from './commands/decide-sampling-task.handler';
import { StartSamplingRoundCommand } from './commands/start-sampling-round.handler';
import { GetSamplingTaskQuery } from './queries/get-sampling-task.handler';
import { SamplingAccess } from './sampling-access.service';
import { SamplingRepository } from './sampling.repository';

class ProjectParamsDto extends createZodDto(z.object({ projectId: z.uuid() })) {}
class TaskParamsDto extends createZodDto(z.object({ taskId: z.uuid() })) {}
// Item ids are derived from their batch and place (md5), so they are GUID-shaped without a UUID version.
class SampleItemParamsDto extends createZodDto(z.object({ taskId: z.uuid(), itemId: z.guid() })) {}
class PreviewQueryDto extends createZodDto(samplingPreviewQuery) {}
class CreateSamplingDto extends createZodDto(createSamplingInput) {}
class JudgeSampleDto extends createZodDto(judgeSampleInput) {}
class DecideSamplingDto extends createZodDto(decideSamplingInput) {}

type TaskAnswer = { version: string; status: string; round: number };

@ApiTags('quality')
@Controller('manage/quality')
export class SamplingController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly projects: ProjectAccess,
    private readonly access: SamplingAccess,
    private readonly sampling: SamplingRepository,
    private readonly errorGroups: ProjectErrorGroups,
  ) {}

  @Get('projects/:projectId/sampling')
  @Can('sampling.manage')
  async list(@Param() params: ProjectParamsDto, @Ctx() context: CommandContext): Promise<{ items: SamplingTaskRow[] }> {
    await this.projects.assertVisible(context.actor, params.projectId);
    return { items: await this.sampling.list(params.projectId) };
  }

  /** What a new task would screen now, and the sample size whose 95% interval is within the margin. */
  @Get('projects/:projectId/sampling/preview')
  @Can('sampling.manage')
  async preview(@Param() params: ProjectParamsDto, @Query() query: PreviewQueryDto, @Ctx() context: CommandContext): Promise<SamplingPreview> {
    await this.projects.assertVisible(context.actor, params.projectId);
    const scope = query.batchId ? { kind: 'batch' as const, batchId: query.batchId } : { kind: 'link' as const, linkId: query.linkId! };
    const { items, annotators } = await this.sampling.preview(params.projectId, scope);
    return { screeningCount: items, annotators, suggestedSampleSize: sampleSizeFor(items, query.margin / 100) };
  }

  @Post('projects/:projectId/sampling')
  @Can('sampling.manage')
  async create(@Param() params: ProjectParamsDto, @Body() body: CreateSamplingDto, @Ctx() context: CommandContext): Promise<{ taskId: string; version: string }> {
    await this.projects.assertVisible(context.actor, params.projectId);
    return this.commands.execute(new CreateSamplingTaskCommand(params.projectId, body, context));
  }

  /** Declared before the task's own routes, so that `mine` is not read as a task id. */
  @Get('sampling/mine')
  @Can('sampling.inspect')
  async mine(@Ctx() context: CommandContext): Promise<{ items: MySamplingTask[] }> {
    return { items: await this.sampling.mine(context.actor.id, itemActor(context.actor.id, context.actor.role).manager) };
  }

  @Get('sampling/:taskId')
  @Can('sampling.inspect')
  task(@Param() params: TaskParamsDto, @Ctx() context: CommandContext): Promise<Versioned<SamplingTaskView>> {
    return this.queries.execute(new GetSamplingTaskQuery(params.taskId, context.actor));
  }

  @Post('sampling/:taskId/claim')
  @Can('sampling.inspect')
  async claim(@Param() params: TaskParamsDto, @Ctx() context: CommandContext): Promise<{ itemId: string; version: string }> {
    await this.actsOn(params.taskId, context);
    return this.commands.execute(new ClaimSampleItemCommand(params.taskId, context));
  }

  @Post('sampling/:taskId/items/:itemId/release')
  @Can('sampling.inspect')
  async release(@Param() params: SampleItemParamsDto, @IfMatch() expected: bigint | undefined, @Ctx() context: CommandContext): Promise<{ version: string }> {
    await this.actsOn(params.taskId, context);
    const { version } = await this.commands.execute<ActOnSampleItemCommand, TaskAnswer>(new ActOnSampleItemCommand(params.taskId, params.itemId, { kind: 'release' }, context, expected));
    return { version };
  }

  @Post('sampling/:taskId/items/:itemId/judge')
  @Can('sampling.inspect')
  async judge(@Param() params: SampleItemParamsDto, @Body() body: JudgeSampleDto, @IfMatch() expected: bigint | undefined, @Ctx() context: CommandContext): Promise<TaskAnswer> {
    const projectId = await this.actsOn(params.taskId, context);
    await this.errorGroups.checkMarks(projectId, body.marks);
    return this.commands.execute(new ActOnSampleItemCommand(params.taskId, params.itemId, { kind: 'judge', ...body }, context, expected));
  }

  @Post('sampling/:taskId/rounds')
  @Can('sampling.manage')
  async startRound(@Param() params: TaskParamsDto, @IfMatch() expected: bigint | undefined, @Ctx() context: CommandContext): Promise<{ version: string; round: number }> {
    await this.actsOn(params.taskId, context);
    return this.commands.execute(new StartSamplingRoundCommand(params.taskId, context, expected));
  }

  @Post('sampling/:taskId/decide')
  @Can('sampling.manage')
  async decide(@Param() params: TaskParamsDto, @Body() body: DecideSamplingDto, @IfMatch() expected: bigint | undefined, @Ctx() context: CommandContext): Promise<{ version: string; status: string }> {
    await this.actsOn(params.taskId, context);
    return this.commands.execute(new DecideSamplingTaskCommand(params.taskId, body, context, expected));
  }

  /** A task the caller may act on: not found when unknown or in a project it may not see, forbidden to who does not inspect it. */
  /** The task's project, once the caller may act on it. */
  private async actsOn(taskId: string, context: CommandContext): Promise<string> {
    const task = await this.sampling.ref(taskId);
    if (!task) throw new NotFoundError('things.sampling', taskId);
    await this.access.assertInspector(context.actor, task.projectId);
    return task.projectId;
  }
}
