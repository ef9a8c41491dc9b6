// Pre-labelled annotations over HTTP: a PM uploads one annotation file, or a zip of them, for a batch. A zip that
// ships its pictures beside its annotations (a CVAT or Label Studio export with its images) becomes the batch's
// import, which registers the pictures as items and then reads the annotations for them.
import { randomUUID } from 'node:crypto';
import { Body, Controller, Inject, Param, Post, Req, UploadedFiles, UseInterceptors } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { FilesInterceptor } from '@nestjs/platform-express';
import { ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';
import { AppError, type CommandContext, NotFoundError, type Storage, STORAGE } from '@annot/core';
import { exportFormats } from '@annot/workflows';
import { RequestImportCommand } from '../../batches/commands/request-import.handler';
import { ApiFileUpload } from '../../http/api-file-upload.decorator';
import { boundedMemoryUploads } from '../../http/memory-upload.engine';
import { Ctx } from '../../http/command-context.decorator';
import { requestLanguage } from '../../http/request-language';
import { Can } from '../../identity/access/can.decorator';
import { ProjectAccess } from '../../projects/project-access.service';
import { AnnotationImportsRepository } from './annotation-imports.repository';
import { ImportAnnotationsCommand, type ImportAnnotationsResult } from './import-annotations.handler';
import { asOneZip, shipsMedia, type UploadedPart, uploadedFiles } from './uploaded-files';

/** Annotations are text; an upload larger than this in all is not an annotation upload. */
export const annotationUploadMaxBytes = 100 * 1024 * 1024;
/** Files of a folder sent as its files. */
export const annotationUploadMaxFiles = 10_000;

class BatchParamsDto extends createZodDto(z.object({ batchId: z.uuid() })) {}
/** The fields sent beside the files, the same for the synchronous import and the job. */
export class ImportFieldsDto extends createZodDto(
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
  @ApiFileUpload('annotation files (.json, .xml, .txt) or a zip of them; or an export with its images, zipped or as the files of its folder named by their paths (the batch imports the images, then their annotations); at most 100 MB in all', {
    format: { type: 'string', description: exportFormats.join(' | ') },
    mode: { type: 'string', description: 'all: nothing is written when a line is refused; good: the good items are' },
  })
  @UseInterceptors(
    FilesInterceptor('file', annotationUploadMaxFiles, { storage: boundedMemoryUploads(annotationUploadMaxBytes), preservePath: true, limits: { files: annotationUploadMaxFiles } }),
  )
  async upload(
    @Param() params: BatchParamsDto,
    @Body() body: ImportFieldsDto,
    @UploadedFiles() sent: Express.Multer.File[] | undefined,
    @Req() req: Request,
    @Ctx() context: CommandContext,
  ): Promise<ImportAnnotationsResult | { importId: string; version: string }> {
    const project = await this.imports.projectOf(params.batchId);
    if (!project || !(await this.projects.mayView(context.actor, project.projectId))) throw new NotFoundError('things.batch', params.batchId);
    if (!sent?.length) throw new AppError(400, 'VALIDATION_FAILED', 'errors.validation_failed', {}, [{ field: 'file', messageKey: 'batches.file_required' }]);
    const parts = sent.map((file) => ({ name: file.originalname, content: file.buffer }));
    const unreadable = () => {
      throw new AppError(400, 'IMPORT_REFUSED', 'exports.import.failed', {}, [], { refusals: [] });
    };
    // A point cloud's upload has its own layout, with images and side files of its sensors: its annotations come alone.
    if (!project.annotationType.startsWith('point_cloud') && (await shipsMedia(parts, body.format).catch(unreadable))) return this.importWithMedia(params.batchId, body, parts, context);
    const files = await uploadedFiles(parts).catch(unreadable);
    return this.commands.execute(new ImportAnnotationsCommand(params.batchId, project.projectId, { format: body.format, mode: body.mode, files }, requestLanguage(req), context));
  }

  /** The export becomes the batch's zip import, told to read its annotations in the format named once its pictures are items. */
  private async importWithMedia(batchId: string, body: ImportFieldsDto, parts: UploadedPart[], context: CommandContext): Promise<{ importId: string; version: string }> {
    const zip = await asOneZip(parts).catch(() => {
      throw new AppError(400, 'VALIDATION_FAILED', 'errors.validation_failed', {}, [{ field: 'file', messageKey: 'batches.zip_escape' }]);
    });
    const upload = `uploads/${randomUUID()}.zip`;
    await this.storage.put(upload, zip);
    // A folder sent as its files is named by its own folder, as its zip would be.
    const fileName = parts.length === 1 ? parts[0].name : `${parts[0].name.split('/')[0]}.zip`;
    const annotations = { format: body.format, mode: body.mode, by: { id: context.actor.id, role: context.actor.role } };
    const source = { type: 'zip' as const, fileName, upload, size: zip.length, annotations };
    return this.commands.execute(new RequestImportCommand(batchId, source, context)).catch(async (error: unknown) => {
      await this.storage.remove(upload);
      throw error;
    });
  }
}
