// The simple catalog entries over HTTP, one controller per kind made from a single shape: list, view, create, edit, delete.
import { Body, Controller, Get, Param, Patch, Post, Query, type Type } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';
import { type CommandContext, NotFoundError } from '@annot/core';
import { type Action, catalogListQuery, errorGroupInput, invalidReasonInput } from '@annot/workflows';
import type { EntryFilter } from './catalog-entries.repository';
import { Ctx } from '../http/command-context.decorator';
import { Versioned } from '../http/envelope';
import { IfMatch } from '../http/if-match.decorator';
import { Can } from '../identity/access/can.decorator';
import { type EntryKind, errorGroups, invalidReasons } from './catalog-entries';
import { CatalogEntriesRepository } from './catalog-entries.repository';
import { SaveEntryCommand } from './commands/save-entry.handler';

class ListDto extends createZodDto(catalogListQuery) {}
class ParamsDto extends createZodDto(z.object({ id: z.uuid() })) {}

interface EntryRoute<T> {
  path: string;
  tag: string;
  /** The body's schema name in the API document: each kind's body has a shape of its own. */
  dtoName: string;
  thing: string;
  /** Who may list and view the kind: error groups stay with the staff, who read each project's own on its items. */
  readAction: Action;
  kind: EntryKind<T>;
  schema: z.ZodType<T>;
  read(entries: CatalogEntriesRepository, filter: EntryFilter): Promise<(T & { id: string; version: string })[]>;
}

function entryController<T>(route: EntryRoute<T>): Type<unknown> {
  class InputDto extends createZodDto(route.schema as unknown as z.ZodObject) {}
  Object.defineProperty(InputDto, 'name', { value: route.dtoName });

  @ApiTags(route.tag)
  @Controller(route.path)
  @Can('catalog.edit')
  class EntryController {
    constructor(
      readonly commands: CommandBus,
      readonly entries: CatalogEntriesRepository,
    ) {}

    @Get()
    @Can(route.readAction)
    list(@Query() query: ListDto) {
      return route.read(this.entries, { keyword: query.keyword });
    }

    @Get(':id')
    @Can(route.readAction)
    async get(@Param() params: ParamsDto) {
      const [entry] = await route.read(this.entries, { id: params.id });
      if (!entry) throw new NotFoundError(route.thing, params.id);
      return new Versioned(entry, entry.version);
    }

    @Post()
    async create(@Body() body: InputDto, @Ctx() context: CommandContext): Promise<{ id: string; version: string }> {
      const result = await this.commands.execute(new SaveEntryCommand(route.kind, null, body as unknown as T, context));
      return { id: result.streamId.slice(result.streamId.indexOf('-') + 1), version: result.version.toString() };
    }

    @Patch(':id')
    async edit(@Param() params: ParamsDto, @Body() body: InputDto, @IfMatch() expected: bigint | undefined, @Ctx() context: CommandContext): Promise<{ version: string }> {
      const result = await this.commands.execute(new SaveEntryCommand(route.kind, params.id, body as unknown as T, context, expected));
      return { version: result.version.toString() };
    }

    @Post(':id/delete')
    async remove(@Param() params: ParamsDto, @IfMatch() expected: bigint | undefined, @Ctx() context: CommandContext): Promise<{ version: string }> {
      const result = await this.commands.execute(new SaveEntryCommand(route.kind, params.id, null, context, expected));
      return { version: result.version.toString() };
    }
  }
  return EntryController;
}

export const ErrorGroupsController = entryController({
  path: 'manage/error-groups',
  tag: 'error groups',
  dtoName: 'ErrorGroupDto',
  thing: 'things.error_group',
  readAction: 'catalog.read',
  kind: errorGroups,
  schema: errorGroupInput,
  read: (entries, filter) => entries.errorGroups(filter),
});

export const InvalidReasonsController = entryController({
  path: 'manage/invalid-reasons',
  tag: 'invalid reasons',
  dtoName: 'InvalidReasonDto',
  thing: 'things.invalid_reason',
  readAction: 'catalog.marks.read',
  kind: invalidReasons,
  schema: invalidReasonInput,
  read: (entries, filter) => entries.invalidReasons(filter),
});
