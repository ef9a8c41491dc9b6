// An item as it was at a past moment, what changed between two moments, and the moments to choose from: read only, for the staff and auditors.
import { Controller, Get, Param, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';
import type { CommandContext } from '@annot/core';
import { type ItemDiffView, type ItemPastView, type ItemTimelineView, rawDiffQuery, rawMomentQuery } from '@annot/workflows';
import { Ctx } from '../http/command-context.decorator';
import { Can } from '../identity/access/can.decorator';
import { GetItemAsOfQuery } from './queries/get-item-as-of.handler';
import { GetItemDiffQuery } from './queries/get-item-diff.handler';
import { GetItemTimelineQuery } from './queries/get-item-timeline.handler';

class MomentDto extends createZodDto(rawMomentQuery) {}
class DiffDto extends createZodDto(rawDiffQuery) {}
class ItemParamsDto extends createZodDto(z.object({ itemId: z.guid() })) {}

@ApiTags('past')
@Controller('manage/past/items/:itemId')
@Can('past.read')
export class PastItemsController {
  constructor(private readonly queries: QueryBus) {}

  @Get()
  asOf(@Param() params: ItemParamsDto, @Query() query: MomentDto, @Ctx() context: CommandContext): Promise<ItemPastView> {
    return this.queries.execute(new GetItemAsOfQuery(context.actor, params.itemId, query));
  }

  @Get('timeline')
  timeline(@Param() params: ItemParamsDto, @Ctx() context: CommandContext): Promise<ItemTimelineView> {
    return this.queries.execute(new GetItemTimelineQuery(context.actor, params.itemId));
  }

  /** What changed in its result between two moments, each `now`, `position:N`, `at:<instant>` or `version:N`. */
  @Get('diff')
  diff(@Param() params: ItemParamsDto, @Query() query: DiffDto, @Ctx() context: CommandContext): Promise<ItemDiffView> {
    return this.queries.execute(new GetItemDiffQuery(context.actor, params.itemId, query));
  }
}
