// Projects over HTTP: the lists and counts, the detail, the wizard's steps, the lifecycle and cloning.
import { Body, Controller, Get, Param, Post, Put, Query } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';
import { type CommandContext, NotFoundError } from '@annot/core';
import {
  missingSteps,
  type Page,
  type ProjectCounts,
  type ProjectDetailView,
  projectBasics,
  projectLinks,
  projectListQuery,
  projectRules,
  type ProjectStatus,
  type ProjectStepInput,
  type ProjectSummary,
  projectTools,
} from '@annot/workflows';
import { Ctx } from '../http/command-context.decorator';
import { Versioned } from '../http/envelope';
import { IfMatch } from '../http/if-match.decorator';
import { Can } from '../identity/access/can.decorator';
import { ChangeProjectStatusCommand, type ProjectVerb } from './commands/change-project-status.handler';
import { CloneProjectCommand } from './commands/clone-project.handler';
import { DraftProjectCommand } from './commands/draft-project.handler';
import { SaveProjectStepCommand } from './commands/save-project-step.handler';
import { ProjectAccess } from './project-access.service';
import { ProjectReferences } from './project-references.service';
import { ProjectViews } from './project-views.service';
import { ProjectsRepository } from './projects.repository';

class ParamsDto extends createZodDto(z.object({ id: z.uuid() })) {}
class ListDto extends createZodDto(projectListQuery) {}
class BasicsDto extends createZodDto(projectBasics) {}
class ToolsDto extends createZodDto(projectTools) {}
class LinksDto extends createZodDto(projectLinks) {}
class RulesDto extends createZodDto(projectRules) {}

type StepAnswer = { version: string; status: ProjectStatus; missing: string[] };

@ApiTags('projects')
@Controller('manage/projects')
export class ProjectsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly projects: ProjectsRepository,
    private readonly access: ProjectAccess,
    private readonly views: ProjectViews,
    private readonly references: ProjectReferences,
  ) {}

  @Get()
  @Can('project.read')
  async list(@Query() query: ListDto, @Ctx() context: CommandContext): Promise<Page<ProjectSummary>> {
    return this.projects.list(await this.access.visibility(context.actor), query);
  }

  @Get('counts')
  @Can('project.read')
  async counts(@Ctx() context: CommandContext): Promise<ProjectCounts> {
    return this.projects.counts(await this.access.visibility(context.actor));
  }

  @Get(':id')
  @Can('project.read')
  async get(@Param() params: ParamsDto, @Ctx() context: CommandContext): Promise<Versioned<ProjectDetailView>> {
    const summary = await this.projects.summary(params.id, await this.access.visibility(context.actor));
    if (!summary) throw new NotFoundError('things.project', params.id);
    const { detail, version } = await this.views.detail(summary, await this.access.scope(context.actor));
    return new Versioned(detail, version);
  }

  @Post()
  @Can('project.create')
  async create(@Body() body: BasicsDto, @Ctx() context: CommandContext): Promise<{ id: string; version: string }> {
    await this.references.checkBasics(body, null);
    const result = await this.commands.execute(new DraftProjectCommand(body, context));
    return { id: result.streamId.slice('project-'.length), version: result.version.toString() };
  }

  @Put(':id/basics')
  @Can('project.edit')
  basics(@Param() params: ParamsDto, @Body() body: BasicsDto, @IfMatch() expected: bigint | undefined, @Ctx() context: CommandContext): Promise<StepAnswer> {
    return this.saveStep(params.id, { step: 'basics', value: body }, expected, context);
  }

  @Put(':id/tools')
  @Can('project.edit')
  tools(@Param() params: ParamsDto, @Body() body: ToolsDto, @IfMatch() expected: bigint | undefined, @Ctx() context: CommandContext): Promise<StepAnswer> {
    return this.saveStep(params.id, { step: 'tools', value: body }, expected, context);
  }

  @Put(':id/links')
  @Can('project.edit')
  links(@Param() params: ParamsDto, @Body() body: LinksDto, @IfMatch() expected: bigint | undefined, @Ctx() context: CommandContext): Promise<StepAnswer> {
    return this.saveStep(params.id, { step: 'links', value: body }, expected, context);
  }

  @Put(':id/rules')
  @Can('project.edit')
  rules(@Param() params: ParamsDto, @Body() body: RulesDto, @IfMatch() expected: bigint | undefined, @Ctx() context: CommandContext): Promise<StepAnswer> {
    return this.saveStep(params.id, { step: 'rules', value: body }, expected, context);
  }

  @Post(':id/clone')
  @Can('project.clone')
  async clone(@Param() params: ParamsDto, @Ctx() context: CommandContext): Promise<{ id: string; version: string }> {
    const result = await this.commands.execute(new CloneProjectCommand(params.id, context));
    return { id: result.streamId.slice('project-'.length), version: result.version.toString() };
  }

  @Post(':id/publish')
  @Can('project.publish')
  publish(@Param() params: ParamsDto, @IfMatch() expected: bigint | undefined, @Ctx() context: CommandContext): Promise<{ version: string }> {
    return this.change(params.id, 'publish', expected, context);
  }

  @Post(':id/pause')
  @Can('project.pause')
  pause(@Param() params: ParamsDto, @IfMatch() expected: bigint | undefined, @Ctx() context: CommandContext): Promise<{ version: string }> {
    return this.change(params.id, 'pause', expected, context);
  }

  @Post(':id/resume')
  @Can('project.resume')
  resume(@Param() params: ParamsDto, @IfMatch() expected: bigint | undefined, @Ctx() context: CommandContext): Promise<{ version: string }> {
    return this.change(params.id, 'resume', expected, context);
  }

  @Post(':id/finish')
  @Can('project.finish')
  finish(@Param() params: ParamsDto, @IfMatch() expected: bigint | undefined, @Ctx() context: CommandContext): Promise<{ version: string }> {
    return this.change(params.id, 'finish', expected, context);
  }

  @Post(':id/close')
  @Can('project.close')
  close(@Param() params: ParamsDto, @IfMatch() expected: bigint | undefined, @Ctx() context: CommandContext): Promise<{ version: string }> {
    return this.change(params.id, 'close', expected, context);
  }

  @Post(':id/reopen')
  @Can('project.reopen')
  reopen(@Param() params: ParamsDto, @IfMatch() expected: bigint | undefined, @Ctx() context: CommandContext): Promise<{ version: string }> {
    return this.change(params.id, 'reopen', expected, context);
  }

  private async change(projectId: string, verb: ProjectVerb, expected: bigint | undefined, context: CommandContext): Promise<{ version: string }> {
    const result = await this.commands.execute(new ChangeProjectStatusCommand(projectId, verb, context, expected));
    return { version: result.version.toString() };
  }

  private async saveStep(projectId: string, input: ProjectStepInput, expected: bigint | undefined, context: CommandContext): Promise<StepAnswer> {
    const result = await this.commands.execute(new SaveProjectStepCommand(projectId, input, context, expected));
    const { state } = await this.views.state(projectId);
    return { version: result.version.toString(), status: state.status as ProjectStatus, missing: missingSteps(state) };
  }
}
