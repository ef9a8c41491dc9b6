// The algorithm registry over HTTP: the staff read it and register, edit, version and switch algorithms;
// the analysis compares each version's pre-annotated items with the control group. Thin: it checks and hands on.
import { Body, Controller, Get, Param, Post, Put, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';
import { type CommandContext, NotFoundError } from '@annot/core';
import {
  addAlgorithmVersionInput,
  type AlgorithmAnalysisView,
  type AlgorithmView,
  editAlgorithmInput,
  registerAlgorithmInput,
  versionEffects,
} from '@annot/workflows';
import { Ctx } from '../http/command-context.decorator';
import { Versioned } from '../http/envelope';
import { IfMatch } from '../http/if-match.decorator';
import { requestLanguage } from '../http/request-language';
import { Can } from '../identity/access/can.decorator';
import { AlgorithmsRepository } from './algorithms.repository';
import { type AlgorithmChange, ChangeAlgorithmCommand } from './commands/change-algorithm.handler';
import { type AlgorithmAnswer, RegisterAlgorithmCommand } from './commands/register-algorithm.handler';

class AlgorithmParamsDto extends createZodDto(z.object({ algorithmId: z.uuid() })) {}
class RegisterAlgorithmDto extends createZodDto(registerAlgorithmInput) {}
class EditAlgorithmDto extends createZodDto(editAlgorithmInput) {}
class AddVersionDto extends createZodDto(addAlgorithmVersionInput) {}

/** Calls shown on the analysis page: the newest ones; the call pages list them all. */
const analysisCalls = 20;

@ApiTags('algorithms')
@Controller('manage/algorithms')
export class AlgorithmsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly algorithms: AlgorithmsRepository,
  ) {}

  @Get()
  @Can('algorithm.read')
  async list(): Promise<{ items: AlgorithmView[] }> {
    return { items: await this.algorithms.list() };
  }

  @Get(':algorithmId')
  @Can('algorithm.read')
  async get(@Param() params: AlgorithmParamsDto): Promise<Versioned<AlgorithmView>> {
    const view = await this.found(params.algorithmId);
    return new Versioned(view, view.etag);
  }

  @Post()
  @Can('algorithm.manage')
  register(@Body() body: RegisterAlgorithmDto, @Ctx() context: CommandContext): Promise<AlgorithmAnswer> {
    return this.commands.execute(new RegisterAlgorithmCommand(body, context));
  }

  @Put(':algorithmId')
  @Can('algorithm.manage')
  edit(@Param() params: AlgorithmParamsDto, @Body() body: EditAlgorithmDto, @IfMatch() expected: bigint | undefined, @Ctx() context: CommandContext): Promise<AlgorithmAnswer> {
    return this.change(params.algorithmId, { kind: 'edit', input: body }, expected, context);
  }

  @Post(':algorithmId/versions')
  @Can('algorithm.manage')
  addVersion(@Param() params: AlgorithmParamsDto, @Body() body: AddVersionDto, @IfMatch() expected: bigint | undefined, @Ctx() context: CommandContext): Promise<AlgorithmAnswer> {
    return this.change(params.algorithmId, { kind: 'add_version', input: body }, expected, context);
  }

  @Post(':algorithmId/enable')
  @Can('algorithm.manage')
  enable(@Param() params: AlgorithmParamsDto, @IfMatch() expected: bigint | undefined, @Ctx() context: CommandContext): Promise<AlgorithmAnswer> {
    return this.change(params.algorithmId, { kind: 'enable' }, expected, context);
  }

  @Post(':algorithmId/disable')
  @Can('algorithm.manage')
  disable(@Param() params: AlgorithmParamsDto, @IfMatch() expected: bigint | undefined, @Ctx() context: CommandContext): Promise<AlgorithmAnswer> {
    return this.change(params.algorithmId, { kind: 'disable' }, expected, context);
  }

  @Get(':algorithmId/analysis')
  @Can('algorithm.read')
  async analysis(@Param() params: AlgorithmParamsDto, @Req() req: Request): Promise<AlgorithmAnalysisView> {
    const algorithm = await this.found(params.algorithmId);
    const calls = await this.algorithms.calls({ algorithmId: algorithm.id }, analysisCalls, undefined, requestLanguage(req));
    return { algorithm, versions: versionEffects(await this.algorithms.effectRows(algorithm.id)), calls: calls.items };
  }

  private change(algorithmId: string, change: AlgorithmChange, expected: bigint | undefined, context: CommandContext): Promise<AlgorithmAnswer> {
    return this.commands.execute(new ChangeAlgorithmCommand(algorithmId, change, expected, context));
  }

  private async found(algorithmId: string): Promise<AlgorithmView> {
    const view = await this.algorithms.get(algorithmId);
    if (!view) throw new NotFoundError('things.algorithm', algorithmId);
    return view;
  }
}
