// Import/export data rules over HTTP: list, view with versions, create, rename, add a version, delete, and the schema.
import { Body, Controller, Get, Param, Patch, Post, Query } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';
import { type AppendResult, type CommandContext, NotFoundError } from '@annot/core';
import { catalogListQuery, type DataRuleDetail, dataRuleDocument, dataRuleInput, dataRuleVersionInput, type DataRuleView } from '@annot/workflows';
import { Ctx } from '../http/command-context.decorator';
import { Versioned } from '../http/envelope';
import { IfMatch } from '../http/if-match.decorator';
import { Can } from '../identity/access/can.decorator';
import { ChangeDataRuleCommand, type DataRuleChange } from './commands/change-data-rule.handler';
import { DataRulesRepository } from './data-rules.repository';

class DataRuleDto extends createZodDto(dataRuleInput) {}
class DataRuleVersionDto extends createZodDto(dataRuleVersionInput) {}
class ListDto extends createZodDto(catalogListQuery) {}
class ParamsDto extends createZodDto(z.object({ id: z.uuid() })) {}

/** What a version's document may say, as JSON Schema for editors and other tools. */
const publishedSchema = z.toJSONSchema(dataRuleDocument, { io: 'input' });

@ApiTags('data rules')
@Controller('manage/data-rules')
@Can('catalog.edit')
export class DataRulesController {
  constructor(
    private readonly commands: CommandBus,
    private readonly rules: DataRulesRepository,
  ) {}

  @Get()
  @Can('catalog.read')
  list(@Query() query: ListDto): Promise<DataRuleView[]> {
    return this.rules.list(query.keyword);
  }

  @Get('schema')
  @Can('catalog.read')
  schema(): unknown {
    return publishedSchema;
  }

  @Get(':id')
  @Can('catalog.read')
  async get(@Param() params: ParamsDto): Promise<Versioned<DataRuleDetail>> {
    const rule = await this.rules.get(params.id);
    if (!rule) throw new NotFoundError('things.data_rule', params.id);
    return new Versioned(rule, rule.version);
  }

  @Post()
  async create(@Body() body: DataRuleDto, @Ctx() context: CommandContext): Promise<{ id: string; version: string }> {
    const result = await this.change(null, { kind: 'create', rule: body }, context);
    return { id: result.streamId.slice(result.streamId.indexOf('-') + 1), version: result.version.toString() };
  }

  @Patch(':id')
  async edit(@Param() params: ParamsDto, @Body() body: DataRuleDto, @IfMatch() expected: bigint | undefined, @Ctx() context: CommandContext) {
    return { version: (await this.change(params.id, { kind: 'edit', rule: body }, context, expected)).version.toString() };
  }

  @Post(':id/versions')
  async addVersion(@Param() params: ParamsDto, @Body() body: DataRuleVersionDto, @IfMatch() expected: bigint | undefined, @Ctx() context: CommandContext) {
    return { version: (await this.change(params.id, { kind: 'version', document: body.document, note: body.note }, context, expected)).version.toString() };
  }

  @Post(':id/delete')
  async remove(@Param() params: ParamsDto, @IfMatch() expected: bigint | undefined, @Ctx() context: CommandContext) {
    return { version: (await this.change(params.id, { kind: 'delete' }, context, expected)).version.toString() };
  }

  private change(id: string | null, change: DataRuleChange, context: CommandContext, expected?: bigint): Promise<AppendResult> {
    return this.commands.execute(new ChangeDataRuleCommand(id, change, context, expected));
  }
}
