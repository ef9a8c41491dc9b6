// Annotation rules over HTTP: list, view with versions and citations, create, rename, add rich text or a PDF, delete.
import { Body, Controller, Get, Param, Patch, Post, Query, Res, UploadedFile, UseInterceptors } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { FileInterceptor } from '@nestjs/platform-express';
import { ApiTags } from '@nestjs/swagger';
import { ApiFileUpload } from '../http/api-file-upload.decorator';
import type { Response } from 'express';
import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';
import { type AppendResult, type CommandContext, FilesRepository, NotFoundError } from '@annot/core';
import { type AnnotationRuleDetail, annotationRuleInput, type AnnotationRuleView, catalogListQuery, richTextVersionInput, ruleFileMaxBytes } from '@annot/workflows';
import { Ctx } from '../http/command-context.decorator';
import { Versioned } from '../http/envelope';
import { IfMatch } from '../http/if-match.decorator';
import { sendInline } from '../http/inline-file';
import { gatedName } from '../http/input-gate';
import { RawResponse } from '../http/raw-response.decorator';
import { Can } from '../identity/access/can.decorator';
import { AnnotationRulesRepository } from './annotation-rules.repository';
import { type AnnotationRuleChange, ChangeAnnotationRuleCommand } from './commands/change-annotation-rule.handler';
import { assertPdf, sanitizeRuleHtml } from './rule-content';

class AnnotationRuleDto extends createZodDto(annotationRuleInput) {}
class RichTextDto extends createZodDto(richTextVersionInput) {}
class PdfNoteDto extends createZodDto(z.object({ note: z.string().trim().max(200).default('') })) {}
class ListDto extends createZodDto(catalogListQuery) {}
class ParamsDto extends createZodDto(z.object({ id: z.uuid() })) {}
class FileParamsDto extends createZodDto(z.object({ fileId: z.uuid() })) {}

@ApiTags('annotation rules')
@Controller('manage/annotation-rules')
@Can('catalog.edit')
export class AnnotationRulesController {
  constructor(
    private readonly commands: CommandBus,
    private readonly rules: AnnotationRulesRepository,
    private readonly files: FilesRepository,
  ) {}

  @Get()
  @Can('catalog.read')
  list(@Query() query: ListDto): Promise<AnnotationRuleView[]> {
    return this.rules.list(query.keyword);
  }

  @Get(':id')
  @Can('catalog.read')
  async get(@Param() params: ParamsDto): Promise<Versioned<AnnotationRuleDetail>> {
    const rule = await this.rules.get(params.id);
    if (!rule) throw new NotFoundError('things.annotation_rule', params.id);
    return new Versioned(rule, rule.version);
  }

  @Post()
  async create(@Body() body: AnnotationRuleDto, @Ctx() context: CommandContext): Promise<{ id: string; version: string }> {
    const result = await this.change(null, { kind: 'create', rule: body }, context);
    return { id: result.streamId.slice(result.streamId.indexOf('-') + 1), version: result.version.toString() };
  }

  @Patch(':id')
  async edit(@Param() params: ParamsDto, @Body() body: AnnotationRuleDto, @IfMatch() expected: bigint | undefined, @Ctx() context: CommandContext) {
    return { version: (await this.change(params.id, { kind: 'edit', rule: body }, context, expected)).version.toString() };
  }

  @Post(':id/versions')
  async addRichText(@Param() params: ParamsDto, @Body() body: RichTextDto, @IfMatch() expected: bigint | undefined, @Ctx() context: CommandContext) {
    const html = sanitizeRuleHtml(body.html);
    return { version: (await this.change(params.id, { kind: 'richtext', html, note: body.note }, context, expected)).version.toString() };
  }

  @Post(':id/versions/pdf')
  @ApiFileUpload('the rule as one PDF', { note: { type: 'string', description: 'what changed in this version' } })
  @UseInterceptors(FileInterceptor('file', { limits: { fileSize: ruleFileMaxBytes, files: 1 } }))
  async addPdf(
    @Param() params: ParamsDto,
    @UploadedFile() upload: { buffer: Buffer; originalname: string } | undefined,
    @Body() body: PdfNoteDto,
    @IfMatch() expected: bigint | undefined,
    @Ctx() context: CommandContext,
  ) {
    if (!(await this.rules.get(params.id))) throw new NotFoundError('things.annotation_rule', params.id);
    const content = assertPdf(upload?.buffer);
    const file = await this.files.store(gatedName(upload!.originalname), 'application/pdf', content);
    return { version: (await this.change(params.id, { kind: 'pdf', file, note: body.note }, context, expected)).version.toString() };
  }

  @Post(':id/delete')
  async remove(@Param() params: ParamsDto, @IfMatch() expected: bigint | undefined, @Ctx() context: CommandContext) {
    return { version: (await this.change(params.id, { kind: 'delete' }, context, expected)).version.toString() };
  }

  /** A rule's PDF, inline, for the staff's preview; those who must read a project's rule fetch it from their reading. */
  @Get('files/:fileId')
  @Can('catalog.read')
  @RawResponse()
  async file(@Param() params: FileParamsDto, @Res() res: Response): Promise<void> {
    const file = (await this.rules.ownsFile(params.fileId)) ? await this.files.read(params.fileId) : undefined;
    if (!file) throw new NotFoundError('things.file', params.fileId);
    sendInline(res, file);
  }

  private change(id: string | null, change: AnnotationRuleChange, context: CommandContext, expected?: bigint): Promise<AppendResult> {
    return this.commands.execute(new ChangeAnnotationRuleCommand(id, change, context, expected));
  }
}
