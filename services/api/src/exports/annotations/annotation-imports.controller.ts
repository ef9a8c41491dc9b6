// Pre-labelled annotations over HTTP: a PM uploads one annotation file, or a zip of them, for a batch. A zip that
// ships its pictures beside its annotations (a CVAT or Label Studio export with its images) becomes the batch's
// import, which registers the pictures as items and then reads the annotations for them.
import { randomUUID } from 'node:crypto';
import { Body, Controller, Inject, Param, Post, Req, UploadedFile, UseInterceptors } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { FileInterceptor } from '@nestjs/platform-express';
import { ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';
import { AppError, type CommandContext, NotFoundError, type Storage, STORAGE } from '@annot/core';
import { exportFormats } from '@annot/workflows';
import { RequestImportCommand } from '../../batches/commands/request-import.handler';
import { ApiFileUpload } from '../../http/api-file-upload.decorator';
import { Ctx } from '../../http/command-context.decorator';
import { requestLanguage } from '../../http/request-language';
import { Can } from '../../identity/access/can.decorator';
import { ProjectAccess } from '../../projects/project-access.service';
import { AnnotationImportsRepository } from './annotation-imports.repository';
import { ImportAnnotationsCommand, type ImportAnnotationsResult } from './import-annotations.handler';
import { shipsMedia, uploadedFiles } from './uploaded-files';

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
    @Inject(STORAGE) private readonly storage: Storage,
  ) {}

  @Post('batches/:batchId/annotations')
  @Can('export.manage')
  @ApiFileUpload('one annotation file (.json, .xml, .txt) or a zip of them, or an export with its images (the batch imports the images, then their annotations), at most 100 MB', {
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
  ): Promise<ImportAnnotationsResult | { importId: string; version: string }> {
    const project = await this.imports.projectOf(params.batchId);
    if (!project || !(await this.projects.mayView(context.actor, project.projectId))) throw new NotFoundError('things.batch', params.batchId);
    if (!file) throw new AppError(400, 'VALIDATION_FAILED', 'errors.validation_failed', {}, [{ field: 'file', messageKey: 'batches.file_required' }]);
    // A point cloud's upload has its own layout, with images and side files of its sensors: its annotations come alone.
    if (!project.annotationType.startsWith('point_cloud') && (await shipsMedia(file.buffer))) return this.importWithMedia(params.batchId, body, file, context);
    const files = await uploadedFiles(file.originalname, file.buffer).catch(() => {
      throw new AppError(400, 'IMPORT_REFUSED', 'exports.import.failed', {}, [], { refusals: [] });
    });
    return this.commands.execute(new ImportAnnotationsCommand(params.batchId, project.projectId, { format: body.format, mode: body.mode, files }, requestLanguage(req), context));
  }

  /** The export becomes the batch's zip import, told to read its annotations in the format named once its pictures are items. */
  private async importWithMedia(batchId: string, body: ImportFieldsDto, file: Express.Multer.File, context: CommandContext): Promise<{ importId: string; version: string }> {
    const upload = `uploads/${randomUUID()}.zip`;
    await this.storage.put(upload, file.buffer);
    const source = { type: 'zip' as const, fileName: file.originalname, upload, size: file.size, annotations: { format: body.format, mode: body.mode, by: { id: context.actor.id, role: context.actor.role } } };
    return this.commands.execute(new RequestImportCommand(batchId, source, context)).catch(async (error: unknown) => {
      await this.storage.remove(upload);
      throw error;
    });
  }
}
