// Annotation imports as background jobs: a PM's upload of annotations for a batch (a file, a zip of them, or a
// folder's files) streams into storage and is answered at once with the import's id (202); a worker reads it from
// there, and the console polls its status route for the progress and, once done, what was written and said. What can
// be decided before the job is refused at once: no such batch (or one the caller may not see), no file, an unknown
// format. An export with its images is handed to the batch's own import instead, which registers the pictures first.
import { Body, Controller, Get, Inject, Param, Post, Req, UploadedFiles, UseFilters, UseInterceptors } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { FilesInterceptor } from '@nestjs/platform-express';
import { ApiAcceptedResponse, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';
import { AppError, type CommandContext, NotFoundError, type Storage, STORAGE } from '@annot/core';
import { type AnnotationImportView, exportFormats } from '@annot/workflows';
import { RequestImportCommand } from '../../batches/commands/request-import.handler';
import { ApiFileUpload } from '../../http/api-file-upload.decorator';
import { Ctx } from '../../http/command-context.decorator';
import { Accepted } from '../../http/envelope';
import { requestLanguage } from '../../http/request-language';
import { StoredUploadsFilter } from '../../http/stored-uploads.filter';
import type { StoredUpload } from '../../http/storage-upload.engine';
import { Can } from '../../identity/access/can.decorator';
import { ProjectAccess } from '../../projects/project-access.service';
import { AnnotationImportsRepository } from './annotation-imports.repository';
import { RequestAnnotationImportCommand } from './request-annotation-import.handler';
import { asOneStoredZip, shipsMedia, sortUploads } from './stored-uploads';

/** An upload streams into storage and is read from there as a stream: only the disk or the bucket bounds it. */
export const annotationUploadMaxBytes = 4 * 1024 ** 3;
/** Files of a folder sent as its files. */
export const annotationUploadMaxFiles = 10_000;

class BatchParamsDto extends createZodDto(z.object({ batchId: z.uuid() })) {}
/** The fields sent beside the files. */
class ImportFieldsDto extends createZodDto(
  z.object({ format: z.enum(exportFormats, { error: 'exports.format_unknown' }), mode: z.enum(['all', 'good']).default('all') }).strict(),
) {}
class ImportParamsDto extends createZodDto(z.object({ importId: z.uuid() })) {}

const fieldError = (field: string, messageKey: string) => new AppError(400, 'VALIDATION_FAILED', 'errors.validation_failed', {}, [{ field, messageKey }]);

@ApiTags('exports')
@Controller('manage')
export class AnnotationImportsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly imports: AnnotationImportsRepository,
    private readonly projects: ProjectAccess,
    @Inject(STORAGE) private readonly storage: Storage,
  ) {}

  @Post('batches/:batchId/annotation-imports')
  @Can('export.manage')
  @ApiFileUpload('annotation files (.json, .xml, .txt) or a zip of them, or a folder sent as its files named by their paths; an export with its images becomes the batch\'s import', {
    format: { type: 'string', description: exportFormats.join(' | ') },
    mode: { type: 'string', description: 'all: nothing is written when a line is refused; good: the good items are' },
  })
  @ApiAcceptedResponse({ description: 'The envelope with code 202: data { importId, version, batchImport }, batchImport when the upload ships pictures and the batch imports them' })
  @UseFilters(StoredUploadsFilter)
  @UseInterceptors(FilesInterceptor('file', annotationUploadMaxFiles, { preservePath: true }))
  async start(
    @Param() params: BatchParamsDto,
    @Body() body: ImportFieldsDto,
    @UploadedFiles() sent: StoredUpload[] | undefined,
    @Ctx() context: CommandContext,
  ): Promise<Accepted<{ importId: string; version: string; batchImport: boolean }>> {
    const project = await this.imports.projectOf(params.batchId);
    if (!project || !(await this.projects.mayView(context.actor, project.projectId))) throw new NotFoundError('things.batch', params.batchId);
    if (!sent?.length) throw fieldError('file', 'batches.file_required');
    const uploads = await sortUploads(this.storage, sent);
    // A point cloud's upload has its own layout, with images and side files of its sensors: its annotations come alone.
    if (!project.annotationType.startsWith('point_cloud') && (await shipsMedia(this.storage, uploads, body.format).catch(() => false))) {
      return new Accepted({ ...(await this.importWithMedia(params.batchId, body, uploads, context)), batchImport: true });
    }
    const input = { batchId: params.batchId, projectId: project.projectId, format: body.format, mode: body.mode, uploads: uploads.map(({ originalname, key, size, zip }) => ({ name: originalname, key, size, zip })) };
    return new Accepted({ ...(await this.commands.execute(new RequestAnnotationImportCommand(input, context))), batchImport: false });
  }

  @Get('annotation-imports/:importId')
  @Can('export.manage')
  async status(@Param() params: ImportParamsDto, @Req() req: Request, @Ctx() context: CommandContext): Promise<AnnotationImportView> {
    const found = await this.imports.get(params.importId, requestLanguage(req));
    if (!found || !(await this.projects.mayView(context.actor, found.projectId))) throw new NotFoundError('things.annotation_import', params.importId);
    return found.view;
  }

  /** The export becomes the batch's zip import, told to read its annotations in the format named once its pictures are items. */
  private async importWithMedia(batchId: string, body: ImportFieldsDto, uploads: Awaited<ReturnType<typeof sortUploads>>, context: CommandContext): Promise<{ importId: string; version: string }> {
    const zip = await asOneStoredZip(this.storage, uploads).catch(() => {
      throw fieldError('file', 'batches.zip_escape');
    });
    // A folder sent as its files is named by its own folder, as its zip would be.
    const fileName = uploads.length === 1 ? uploads[0].originalname : `${uploads[0].originalname.split('/')[0]}.zip`;
    const annotations = { format: body.format, mode: body.mode, by: { id: context.actor.id, role: context.actor.role } };
    const source = { type: 'zip' as const, fileName, upload: zip.key, size: zip.size, annotations };
    return this.commands.execute(new RequestImportCommand(batchId, source, context)).catch(async (error: unknown) => {
      await this.storage.remove(zip.key);
      throw error;
    });
  }
}
