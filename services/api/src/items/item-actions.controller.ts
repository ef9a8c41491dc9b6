// The routes of the item action table, one per action and none written by hand: POST items/:itemId/<verb> (a save is
// PUT items/:itemId/result), behind the action's permission, with its body's schema and If-Match from the item's ETag.
import { Body, Controller, Param, Post, Put } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBody, ApiTags } from '@nestjs/swagger';
import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';
import type { CommandContext } from '@annot/core';
import { itemActionEntry, type ItemActionRequest, itemActionVerb, itemRouteEntry, type ItemRouteName, itemRouteNames } from '@annot/workflows';
import { Ctx } from '../http/command-context.decorator';
import { IfMatch } from '../http/if-match.decorator';
import { Can } from '../identity/access/can.decorator';
import { ProjectErrorGroups } from '../projects/project-error-groups.service';
import { ActOnItemCommand } from './commands/act-on-item.handler';
import { ItemReads } from './item-reads.service';

// Item ids are derived from their batch and place (md5), so they are GUID-shaped without a UUID version.
export class ItemParamsDto extends createZodDto(z.object({ itemId: z.guid() })) {}

export type ItemAnswer = { version: string; status: string };

@ApiTags('items')
@Controller('manage/items')
export class ItemActionsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly reads: ItemReads,
    private readonly errorGroups: ProjectErrorGroups,
  ) {}

  /** A caller acts only on an item it may read; what it may do there is the item machine's answer. */
  async act(name: ItemRouteName, itemId: string, body: unknown, context: CommandContext, expected: bigint | undefined): Promise<ItemAnswer> {
    const item = await this.reads.readable(itemId, context.actor);
    const action = { name, body: body ?? {} } as ItemActionRequest;
    const { marks } = itemActionEntry(name);
    if (marks) await this.errorGroups.checkMarks(item.projectId, marks(action.body));
    return this.commands.execute(new ActOnItemCommand(itemId, action, context, expected));
  }
}

/** Adds the action's route to the controller: its method, path, door and parameters, as decorators would. */
function route(name: ItemRouteName): void {
  const entry = itemRouteEntry(name);
  const proto = ItemActionsController.prototype as unknown as Record<string, unknown>;
  const key = `${name}Route`;
  const bodyDto = entry.body ? class extends createZodDto(entry.body as z.ZodObject) {} : undefined;
  // Documented under a name of its own: MarkInvalidDto for mark_invalid.
  if (bodyDto) Object.defineProperty(bodyDto, 'name', { value: `${name.replace(/(^|_)(\w)/g, (_, __, c: string) => c.toUpperCase())}Dto` });
  proto[key] = function (this: ItemActionsController, params: ItemParamsDto, ...rest: unknown[]) {
    const [body, expected, context] = bodyDto ? rest : [undefined, ...rest];
    return this.act(name, params.itemId, body, context as CommandContext, expected as bigint | undefined);
  };
  const descriptor = Object.getOwnPropertyDescriptor(proto, key)!;
  const params: [ParameterDecorator, unknown][] = [[Param(), ItemParamsDto], ...(bodyDto ? [[Body(), bodyDto] as [ParameterDecorator, unknown]] : []), [IfMatch(), Object], [Ctx(), Object]];
  Reflect.defineMetadata('design:paramtypes', params.map(([, type]) => type), proto, key);
  Reflect.defineMetadata('design:returntype', Promise, proto, key);
  params.forEach(([decorate], index) => decorate(proto, key, index));
  (entry.route.method === 'PUT' ? Put : Post)(`:itemId/${itemActionVerb(name)}`)(proto, key, descriptor);
  Can(entry.permission)(proto, key, descriptor);
  // The document's request body: the explorer does not find a body parameter added after the class was declared.
  if (bodyDto) ApiBody({ type: bodyDto })(proto, key, descriptor);
}

itemRouteNames.forEach(route);
