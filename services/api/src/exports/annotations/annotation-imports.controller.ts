// Pre-labelled annotations over HTTP: a PM uploads one annotation file, or a zip of them, for a batch.
import { Body, Controller, Param, Post, Req, UploadedFile, UseInterceptors } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { FileInterceptor } from '@nestjs/platform-express';
import { ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';
import { AppError, type CommandContext, NotFoundError } from '@annot/core';
import { exportFormats } from '@annot/workflows';
import { ApiFileUpload } from '../../http/api-file-upload.decorator';
import { Ctx } from '../../http/command-context.decorator';
import { requestLanguage } from '../../http/request-language';
import { Can } from '../../identity/access/can.decorator';
import { ProjectAccess } from '../../projects/project-access.service';
import { AnnotationImportsRepository } from './annotation-imports.repository';
import { ImportAnnotationsCommand, type ImportAnnotationsResult } from './import-annotations.handler';
import { uploadedFiles } from './uploaded-files';

/** Annotations are text; a file larger than this is not an annotation file. */
export const annotationUploadMaxBytes = 100 * 1024 * 1024;

class BatchParamsDto extends createZodDto(z.object({ batchId: z.uuid() })) {}
class ImportFieldsDto extends createZodDto(
  z.object({ format: z.enum(exportFormats, { error: 'exports.format_unknown' }), mode: z.enum(['all', 'good']).default('all') }).strict(),
) {}

@ApiTags('exports')
@Controller('manage')
export class AnnotationImportsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly imports: AnnotationImportsRepository,
    private readonly projects: ProjectAccess,
  ) {}

  @Post('batches/:batchId/annotations')
  @Can('export.manage')
  @ApiFileUpload('one annotation file (.json, .xml, .txt) or a zip of them, at most 100 MB', {
    format: { type: 'string', description: exportFormats.join(' | ') },
    mode: { type: 'string', description: 'all: nothing is written when a line is refused; good: the good items are' },
  })
  @UseInterceptors(FileInterceptor('file', { limits: { fileSize: annotationUploadMaxBytes, files: 1 } }))
  async upload(
    @Param() params: BatchParamsDto,
    @Body() body: ImportFieldsDto,
    @UploadedFile() file: Express.Multer.File | undefined,
    @Req() req: Request,
    @Ctx() context: CommandContext,
  ): Promise<ImportAnnotationsResult> {
    const projectId = await this.imports.projectOf(params.batchId);
    if (!projectId || !(await this.projects.mayView(context.actor, projectId))) throw new NotFoundError('things.batch', params.batchId);
    if (!file) throw new AppError(400, 'VALIDATION_FAILED', 'errors.validation_failed', {}, [{ field: 'file', messageKey: 'batches.file_required' }]);
    const files = await uploadedFiles(file.originalname, file.buffer).catch(() => {
      throw new AppError(400, 'IMPORT_REFUSED', 'exports.import.failed', {}, [], { refusals: [] });
    });
    return this.commands.execute(new ImportAnnotationsCommand(params.batchId, projectId, { format: body.format, mode: body.mode, files }, requestLanguage(req), context));
  }
}
