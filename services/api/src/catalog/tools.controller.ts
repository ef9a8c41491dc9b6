// Tool configuration over HTTP: list, view, create, edit into a new version, delete, export and import.
import { Body, Controller, Get, Param, Patch, Post, Query, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';
import { type CommandContext, NotFoundError } from '@annot/core';
import { catalogListQuery, type ToolDetail, toolInput, type ToolSummary } from '@annot/workflows';
import { Ctx } from '../http/command-context.decorator';
import { Versioned } from '../http/envelope';
import { IfMatch } from '../http/if-match.decorator';
import { RawResponse } from '../http/raw-response.decorator';
import { requestLanguage } from '../http/request-language';
import { Can } from '../identity/access/can.decorator';
import { DeleteToolCommand } from './commands/delete-tool.handler';
import { SaveToolCommand, toolNameExists } from './commands/save-tool.handler';
import { translate } from '../i18n/translate';
import { ImportFailed, ToolImport } from './tool-import.service';
import { ToolsRepository } from './tools.repository';

class ToolDto extends createZodDto(toolInput) {}
class ToolParamsDto extends createZodDto(z.object({ id: z.uuid() })) {}
class ToolListDto extends createZodDto(catalogListQuery) {}
class ToolImportDto extends createZodDto(z.object({ content: z.string().max(1_000_000) })) {}

@ApiTags('tools')
@Controller('manage/tools')
@Can('catalog.edit')
export class ToolsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly tools: ToolsRepository,
    private readonly importer: ToolImport,
  ) {}

  @Get()
  @Can('catalog.read')
  list(@Query() query: ToolListDto): Promise<ToolSummary[]> {
    return this.tools.list(query.keyword);
  }

  @Get(':id')
  @Can('catalog.read')
  async get(@Param() params: ToolParamsDto): Promise<Versioned<ToolDetail>> {
    const tool = await this.tools.get(params.id);
    if (!tool) throw new NotFoundError('things.tool', params.id);
    return new Versioned(tool, tool.version);
  }

  @Post()
  async create(@Body() body: ToolDto, @Ctx() context: CommandContext): Promise<{ id: string; version: string }> {
    if (await this.tools.nameTaken(body.name, null)) throw toolNameExists();
    const result = await this.commands.execute(new SaveToolCommand(null, body, context));
    return { id: result.streamId.slice('tool-'.length), version: result.version.toString() };
  }

  @Patch(':id')
  async edit(@Param() params: ToolParamsDto, @Body() body: ToolDto, @IfMatch() expected: bigint | undefined, @Ctx() context: CommandContext): Promise<{ version: string }> {
    if (await this.tools.nameTaken(body.name, params.id)) throw toolNameExists();
    const result = await this.commands.execute(new SaveToolCommand(params.id, body, context, expected));
    return { version: result.version.toString() };
  }

  @Post(':id/delete')
  async remove(@Param() params: ToolParamsDto, @IfMatch() expected: bigint | undefined, @Ctx() context: CommandContext): Promise<{ version: string }> {
    const result = await this.commands.execute(new DeleteToolCommand(params.id, context, expected));
    return { version: result.version.toString() };
  }

  /** The tool's definition as a JSON file, the same shape the import takes. */
  @Get(':id/export')
  @Can('catalog.read')
  @RawResponse()
  async export(@Param() params: ToolParamsDto, @Res() res: Response): Promise<void> {
    const tool = await this.tools.get(params.id);
    if (!tool) throw new NotFoundError('things.tool', params.id);
    res.setHeader('Content-Disposition', `attachment; filename="tool-${encodeURIComponent(tool.name)}.json"`);
    res.type('application/json').send(JSON.stringify(tool.definition, null, 2));
  }

  @Post('import')
  async import(@Body() body: ToolImportDto, @Req() req: Request, @Ctx() context: CommandContext): Promise<{ id: string; version: string }> {
    const language = requestLanguage(req);
    const definition = this.importer.parse(body.content, language);
    if (await this.tools.nameTaken(definition.name, null)) throw new ImportFailed([`name: ${translate(language, 'catalog.tool_name_exists')}`]);
    const result = await this.commands.execute(new SaveToolCommand(null, definition, context));
    return { id: result.streamId.slice('tool-'.length), version: result.version.toString() };
  }
}
