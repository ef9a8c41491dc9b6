// Batches over HTTP: a project's batches, create and edit, upload a zip or import a path, items, the failure file, lifecycle.
// The people of a project's links read its batches; the staff who may see the project write them.
import path from 'node:path';
import { Body, Controller, Get, Inject, Param, Patch, Post, Query, Req, Res, UploadedFile, UseFilters, UseInterceptors } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { FileInterceptor } from '@nestjs/platform-express';
import { ApiTags } from '@nestjs/swagger';
import { ApiFileUpload } from '../http/api-file-upload.decorator';
import type { Request, Response } from 'express';
import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';
import { type AppConfig, AppError, CONFIG, type CommandContext, FilesRepository, NotFoundError, type Storage, STORAGE } from '@annot/core';
import {
  batchEditInput,
  batchImportInput,
  batchInput,
  batchPauseInput,
  type BatchSummary,
  type BatchItemView,
  type Page,
  pageQuery,
} from '@annot/workflows';
import { Ctx } from '../http/command-context.decorator';
import { Versioned } from '../http/envelope';
import { IfMatch } from '../http/if-match.decorator';
import { gatedName } from '../http/input-gate';
import { RawResponse } from '../http/raw-response.decorator';
import { requestLanguage } from '../http/request-language';
import type { StoredUpload } from '../http/storage-upload.engine';
import type { Language } from '../i18n/language';
import { translate } from '../i18n/translate';
import { Can } from '../identity/access/can.decorator';
import { BatchAccess } from './batch-access.service';
import { BatchesRepository, type BatchRow } from './batches.repository';
import { type BatchChange, ChangeBatchCommand } from './commands/change-batch.handler';
import { CreateBatchCommand } from './commands/create-batch.handler';
import { RequestImportCommand } from './commands/request-import.handler';
import { UploadErrorsFilter } from './upload-errors.filter';

class ParamsDto extends createZodDto(z.object({ id: z.uuid() })) {}
class BatchDto extends createZodDto(batchInput) {}
class BatchEditDto extends createZodDto(batchEditInput) {}
class ImportDto extends createZodDto(batchImportInput) {}
class PauseDto extends createZodDto(batchPauseInput) {}
class ItemsQueryDto extends createZodDto(pageQuery) {}

/** A line of an import's failure file, as the worker stored it. */
type Failure = { name: string; reasonKey: string; params?: Record<string, string | number> };

const zipMagic = [Buffer.from('PK\x03\x04', 'latin1'), Buffer.from('PK\x05\x06', 'latin1')];

@ApiTags('batches')
@Controller('manage')
@Can('batch.manage')
export class BatchesController {
  constructor(
    private readonly commands: CommandBus,
    private readonly batches: BatchesRepository,
    private readonly access: BatchAccess,
    private readonly files: FilesRepository,
    @Inject(STORAGE) private readonly storage: Storage,
    @Inject(CONFIG) private readonly config: AppConfig,
  ) {}

  @Get('projects/:id/batches')
  @Can('batch.read')
  async list(@Param() params: ParamsDto, @Req() req: Request, @Ctx() context: CommandContext): Promise<BatchSummary[]> {
    await this.access.assertProject(context.actor, params.id);
    return (await this.batches.list(params.id)).map((row) => summaryOf(row, requestLanguage(req)));
  }

  @Post('projects/:id/batches')
  async create(@Param() params: ParamsDto, @Body() body: BatchDto, @Ctx() context: CommandContext): Promise<{ id: string; version: string }> {
    await this.access.assertProject(context.actor, params.id);
    const result = await this.commands.execute(new CreateBatchCommand(params.id, body, context));
    return { id: result.streamId.slice('batch-'.length), version: result.version.toString() };
  }

  @Get('batches/:id')
  @Can('batch.read')
  async get(@Param() params: ParamsDto, @Req() req: Request, @Ctx() context: CommandContext): Promise<Versioned<BatchSummary>> {
    const batch = await this.access.batch(context.actor, params.id);
    return new Versioned(summaryOf(batch, requestLanguage(req)), batch.version);
  }

  @Patch('batches/:id')
  edit(@Param() params: ParamsDto, @Body() body: BatchEditDto, @IfMatch() expected: bigint | undefined, @Ctx() context: CommandContext) {
    return this.change(params.id, { kind: 'edit', batch: body }, context, expected);
  }

  /** One zip of at most 200 MB, received into storage; the worker extracts and registers it. */
  @Post('batches/:id/upload')
  @ApiFileUpload('one zip of at most 200 MB')
  @UseFilters(UploadErrorsFilter)
  @UseInterceptors(FileInterceptor('file'))
  async upload(@Param() params: ParamsDto, @UploadedFile() file: StoredUpload | undefined, @IfMatch() expected: bigint | undefined, @Ctx() context: CommandContext) {
    if (!file) throw fieldError('file', 'batches.file_required');
    try {
      await this.access.batch(context.actor, params.id);
      if (!gatedName(file.originalname).toLowerCase().endsWith('.zip') || !startsLikeZip(await this.storage.read(file.key, { start: 0, end: 4 }))) {
        throw fieldError('file', 'batches.only_zip');
      }
      return await this.commands.execute(new RequestImportCommand(params.id, { type: 'zip', fileName: file.originalname, upload: file.key, size: file.size }, context, expected));
    } catch (error) {
      await this.storage.remove(file.key);
      throw error;
    }
  }

  /** A folder under the import root (local), or an object prefix in the configured bucket (cos, oss). */
  @Post('batches/:id/import')
  async import(@Param() params: ParamsDto, @Body() body: ImportDto, @IfMatch() expected: bigint | undefined, @Ctx() context: CommandContext) {
    const batch = await this.access.batch(context.actor, params.id);
    if (batch.uploadType === 'zip') throw fieldError('path', 'batches.upload_type_mismatch');
    if (batch.uploadType === 'local') {
      const root = path.resolve(this.config.importRoot);
      const folder = path.resolve(root, body.path.replace(/^\/+/, ''));
      if (folder !== root && !folder.startsWith(root + path.sep)) throw fieldError('path', 'batches.path_outside');
      return this.commands.execute(new RequestImportCommand(params.id, { type: 'local', path: path.relative(root, folder).split(path.sep).join('/') }, context, expected));
    }
    if (!this.config.objectStores[batch.uploadType]) throw fieldError('path', 'batches.storage_not_configured', { provider: batch.uploadType });
    const prefix = body.path.replace(/^\/+/, '');
    if (prefix.split('/').includes('..')) throw fieldError('path', 'batches.path_outside');
    return this.commands.execute(new RequestImportCommand(params.id, { type: batch.uploadType, prefix }, context, expected));
  }

  @Get('batches/:id/items')
  @Can('batch.read')
  async items(@Param() params: ParamsDto, @Query() query: ItemsQueryDto, @Ctx() context: CommandContext): Promise<Page<BatchItemView>> {
    await this.access.batch(context.actor, params.id);
    return this.batches.items(params.id, query.limit, query.cursor);
  }

  /** The import's report, as CSV in the reader's language: the files it refused, then those it took with a note. */
  @Get('batches/:id/failures')
  @Can('batch.read')
  @RawResponse()
  async failures(@Param() params: ParamsDto, @Req() req: Request, @Res() res: Response, @Ctx() context: CommandContext): Promise<void> {
    const batch = await this.access.batch(context.actor, params.id);
    if (!batch.failureFileId) throw new NotFoundError('things.failure_file', params.id);
    const language = requestLanguage(req);
    const rows = [
      [translate(language, 'batches.failure_file_name'), translate(language, 'batches.failure_reason')],
      ...((await this.files.readJson<Failure[]>(batch.failureFileId)) ?? []).map((f) => [f.name, translate(language, f.reasonKey, f.params)]),
    ];
    res.setHeader('Content-Disposition', `attachment; filename="failures-${params.id}.csv"`);
    // The byte order mark lets spreadsheet programs read the Chinese as UTF-8.
    res.type('text/csv; charset=utf-8').send(`\uFEFF${rows.map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`);
  }

  @Post('batches/:id/pause')
  pause(@Param() params: ParamsDto, @Body() body: PauseDto, @IfMatch() expected: bigint | undefined, @Ctx() context: CommandContext) {
    return this.change(params.id, { kind: 'pause', pause: body.kind }, context, expected);
  }

  @Post('batches/:id/resume')
  resume(@Param() params: ParamsDto, @IfMatch() expected: bigint | undefined, @Ctx() context: CommandContext) {
    return this.change(params.id, { kind: 'resume' }, context, expected);
  }

  @Post('batches/:id/stop')
  stop(@Param() params: ParamsDto, @IfMatch() expected: bigint | undefined, @Ctx() context: CommandContext) {
    return this.change(params.id, { kind: 'stop' }, context, expected);
  }

  @Post('batches/:id/delete')
  remove(@Param() params: ParamsDto, @IfMatch() expected: bigint | undefined, @Ctx() context: CommandContext) {
    return this.change(params.id, { kind: 'delete' }, context, expected);
  }

  private async change(id: string, change: BatchChange, context: CommandContext, expected?: bigint): Promise<{ version: string }> {
    await this.access.assertCommandable(context.actor, id);
    const result = await this.commands.execute(new ChangeBatchCommand(id, change, context, expected));
    return { version: result.version.toString() };
  }
}

function summaryOf({ importErrorKey, failureFileId: _, ...row }: BatchRow, language: Language): BatchSummary {
  // The report also holds notes (identical files, lines of shipped annotations skipped) when no file failed.
  return {
    ...row,
    importing: (row.importing as BatchSummary['importing']) ?? null,
    failureMessage: row.failed > 0 ? translate(language, 'batches.upload_failed') : row.failureFile ? translate(language, 'batches.upload_noted') : null,
    importError: importErrorKey ? translate(language, importErrorKey) : null,
  };
}

function fieldError(field: string, messageKey: string, params?: Record<string, unknown>): AppError {
  return new AppError(400, 'VALIDATION_FAILED', 'errors.validation_failed', {}, [{ field, messageKey, params }]);
}

function startsLikeZip(head: Buffer): boolean {
  return zipMagic.some((magic) => magic.equals(head));
}

function csvCell(value: string): string {
  // A leading =, +, - or @ would run as a formula in a spreadsheet.
  const safe = /^[=+\-@]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}
