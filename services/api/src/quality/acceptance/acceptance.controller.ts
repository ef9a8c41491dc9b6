// Client acceptance over HTTP: the PM's batches of a project and the making of new ones, a batch with its items, and
// the lifecycle commands of a batch: claim, judge, submit by its acceptor; pass, reject, withdraw by the PM.
import { Body, Controller, Get, Param, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';
import { type CommandContext, LifecycleStates, projectStateRow } from '@annot/core';
import {
  type AcceptanceBatchDetail,
  type AcceptanceBatchRow,
  type AcceptanceCreated,
  type AcceptanceEligible,
  acceptanceEventsAllowedTo,
  claimAcceptanceInput,
  createAcceptanceInput,
  judgeAcceptanceInput,
} from '@annot/workflows';
import { Ctx } from '../../http/command-context.decorator';
import { Versioned } from '../../http/envelope';
import { IfMatch } from '../../http/if-match.decorator';
import { Can } from '../../identity/access/can.decorator';
import { ProjectErrorGroups } from '../../projects/project-error-groups.service';
import { AcceptanceAccess, isManager } from './acceptance-access.service';
import { AcceptanceRepository } from './acceptance.repository';
import { type AcceptanceAction, ActOnAcceptanceBatchCommand } from './commands/act-on-acceptance-batch.handler';
import { CreateAcceptanceBatchesCommand } from './commands/create-acceptance-batches.handler';
import { DecideAcceptanceBatchCommand } from './commands/decide-acceptance-batch.handler';

class ProjectParamsDto extends createZodDto(z.object({ projectId: z.uuid() })) {}
class BatchParamsDto extends createZodDto(z.object({ batchId: z.uuid() })) {}
// Item ids are derived from their batch and place (md5), so they are GUID-shaped without a UUID version.
class BatchItemParamsDto extends createZodDto(z.object({ batchId: z.uuid(), itemId: z.guid() })) {}
class CreateAcceptanceDto extends createZodDto(createAcceptanceInput) {}
class ClaimAcceptanceDto extends createZodDto(claimAcceptanceInput) {}
class JudgeAcceptanceDto extends createZodDto(judgeAcceptanceInput) {}

type Answer = { version: string };
type VerdictAnswer = { version: string; status: string };

@ApiTags('quality')
@Controller('manage/quality')
export class AcceptanceController {
  constructor(
    private readonly commands: CommandBus,
    private readonly batches: AcceptanceRepository,
    private readonly access: AcceptanceAccess,
    private readonly states: LifecycleStates,
    private readonly errorGroups: ProjectErrorGroups,
  ) {}

  @Get('projects/:projectId/acceptance')
  @Can('acceptance.manage')
  async list(@Param() params: ProjectParamsDto, @Ctx() context: CommandContext): Promise<{ items: AcceptanceBatchRow[]; eligible: number }> {
    await this.access.assertProject(context.actor, params.projectId);
    const [items, eligible] = await Promise.all([this.batches.batches(params.projectId, { all: true }), this.eligibleIn(params.projectId)]);
    return { items, eligible: eligible.count };
  }

  @Get('projects/:projectId/acceptance/eligible')
  @Can('acceptance.manage')
  async eligible(@Param() params: ProjectParamsDto, @Ctx() context: CommandContext): Promise<AcceptanceEligible> {
    await this.access.assertProject(context.actor, params.projectId);
    return this.eligibleIn(params.projectId);
  }

  @Post('projects/:projectId/acceptance')
  @Can('acceptance.manage')
  async create(@Param() params: ProjectParamsDto, @Body() body: CreateAcceptanceDto, @Ctx() context: CommandContext): Promise<AcceptanceCreated> {
    await this.access.assertProject(context.actor, params.projectId);
    return this.commands.execute(new CreateAcceptanceBatchesCommand(params.projectId, body, context));
  }

  @Get('acceptance/:batchId')
  @Can('acceptance.read')
  async batch(@Param() params: BatchParamsDto, @Ctx() context: CommandContext): Promise<Versioned<AcceptanceBatchDetail>> {
    const { acceptorIds: _, ...batch } = await this.access.batch(context.actor, params.batchId);
    const items = await this.batches.items(params.batchId);
    const machine = { claimerId: batch.claimer?.id ?? null, items: items.map(({ itemId, verdict }) => ({ itemId, verdict })) };
    const allowed = acceptanceEventsAllowedTo(batch.status, machine, { actorId: context.actor.id, manager: isManager(context.actor) });
    return new Versioned({ batch, items, allowed }, batch.version);
  }

  @Post('acceptance/:batchId/claim')
  @Can('acceptance.accept')
  async claim(@Param() params: BatchParamsDto, @Body() body: ClaimAcceptanceDto, @Ctx() context: CommandContext): Promise<Answer> {
    return { version: (await this.act(params.batchId, { kind: 'claim', confirmTakeover: body.confirmTakeover }, context)).version };
  }

  @Post('acceptance/:batchId/items/:itemId/judge')
  @Can('acceptance.accept')
  async judge(@Param() params: BatchItemParamsDto, @Body() body: JudgeAcceptanceDto, @IfMatch() expected: bigint | undefined, @Ctx() context: CommandContext): Promise<Answer> {
    const action: AcceptanceAction = { kind: 'judge', itemId: params.itemId, verdict: body.verdict, marks: body.marks };
    return { version: (await this.act(params.batchId, action, context, expected)).version };
  }

  @Post('acceptance/:batchId/submit')
  @Can('acceptance.accept')
  async submit(@Param() params: BatchParamsDto, @IfMatch() expected: bigint | undefined, @Ctx() context: CommandContext): Promise<Answer> {
    return { version: (await this.act(params.batchId, { kind: 'submit' }, context, expected)).version };
  }

  @Post('acceptance/:batchId/pass')
  @Can('acceptance.manage')
  async pass(@Param() params: BatchParamsDto, @IfMatch() expected: bigint | undefined, @Ctx() context: CommandContext): Promise<VerdictAnswer> {
    await this.access.batch(context.actor, params.batchId);
    return this.commands.execute(new DecideAcceptanceBatchCommand(params.batchId, 'pass', context, expected));
  }

  @Post('acceptance/:batchId/reject')
  @Can('acceptance.manage')
  async reject(@Param() params: BatchParamsDto, @IfMatch() expected: bigint | undefined, @Ctx() context: CommandContext): Promise<VerdictAnswer> {
    await this.access.batch(context.actor, params.batchId);
    return this.commands.execute(new DecideAcceptanceBatchCommand(params.batchId, 'reject', context, expected));
  }

  @Post('acceptance/:batchId/withdraw')
  @Can('acceptance.manage')
  withdraw(@Param() params: BatchParamsDto, @IfMatch() expected: bigint | undefined, @Ctx() context: CommandContext): Promise<VerdictAnswer> {
    return this.act(params.batchId, { kind: 'withdraw' }, context, expected);
  }

  private async eligibleIn(projectId: string): Promise<AcceptanceEligible> {
    const { state } = await this.states.read(projectStateRow, projectId);
    return this.batches.eligible(projectId, state.basics?.permissions.reacceptPassed ?? false);
  }

  /** A caller acts only on a batch it may see; what it may do there is the acceptance machine's answer. */
  private async act(batchId: string, action: AcceptanceAction, context: CommandContext, expected?: bigint): Promise<VerdictAnswer> {
    const batch = await this.access.batch(context.actor, batchId);
    if (action.kind === 'judge') await this.errorGroups.checkMarks(batch.projectId, action.marks);
    return this.commands.execute(new ActOnAcceptanceBatchCommand(batchId, action, context, expected));
  }
}
