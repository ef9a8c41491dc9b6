// Documents and help over HTTP: the admin keeps documents (links or uploaded files) with their range, sort and shelf;
// every role reads its help list, the documents in its range, and their files. Thin: it checks and hands on.
import { Body, Controller, Get, Param, Post, Put, Req, Res, UploadedFile, UseInterceptors } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { FileInterceptor } from '@nestjs/platform-express';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';
import { type Actor, type AppendResult, type CommandContext, FilesRepository, NotFoundError } from '@annot/core';
import { can, documentFileMaxBytes, documentInput, type DocumentView, editDocumentInput, type HelpDocumentEntry } from '@annot/workflows';
import { ApiFileUpload } from '../http/api-file-upload.decorator';
import { Ctx } from '../http/command-context.decorator';
import { Versioned } from '../http/envelope';
import { IfMatch } from '../http/if-match.decorator';
import { gatedName } from '../http/input-gate';
import { RawResponse } from '../http/raw-response.decorator';
import { Can } from '../identity/access/can.decorator';
import type { AuthedRequest } from '../identity/access/session.guard';
import { ChangeDocumentCommand, type DocumentChange } from './commands/change-document.handler';
import { documentFileKind } from './document-file';
import { DocumentsRepository } from './documents.repository';

class DocumentDto extends createZodDto(documentInput) {}
class EditDocumentDto extends createZodDto(editDocumentInput) {}
class ParamsDto extends createZodDto(z.object({ id: z.uuid() })) {}

type Answer = { id: string; version: string };

@ApiTags('documents')
@Controller('manage/documents')
@Can('document.manage')
export class DocumentsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly documents: DocumentsRepository,
    private readonly files: FilesRepository,
  ) {}

  @Get()
  async list(): Promise<{ items: DocumentView[] }> {
    return { items: await this.documents.list() };
  }

  /** The help documents of the caller's role: on the shelf, in range, by sort. Declared before `:id`. */
  @Get('help')
  @Can('document.read')
  help(@Req() req: AuthedRequest): Promise<HelpDocumentEntry[]> {
    return this.documents.help(req.actor!.role);
  }

  /** A file for a document, kept before the document names it; answers its id for the document's address. */
  @Post('files')
  @ApiFileUpload('a PDF, PNG, JPEG, Markdown or text file')
  @UseInterceptors(FileInterceptor('file', { limits: { fileSize: documentFileMaxBytes, files: 1 } }))
  async upload(@UploadedFile() upload: { buffer: Buffer; originalname: string } | undefined): Promise<{ fileId: string; fileName: string; mediaType: string; size: number }> {
    const name = gatedName(upload?.originalname ?? '');
    const { mediaType } = documentFileKind(name, upload?.buffer);
    const file = await this.files.store(name, mediaType, upload!.buffer);
    return { fileId: file.fileId, fileName: file.fileName, mediaType, size: file.size };
  }

  /** One document: any for the admin; for a reader only one on the shelf whose range names the reader's role. */
  @Get(':id')
  @Can('document.read')
  async get(@Param() params: ParamsDto, @Req() req: AuthedRequest): Promise<Versioned<DocumentView>> {
    const document = await this.readable(params.id, req.actor!);
    return new Versioned(document, document.etag);
  }

  /** A document's uploaded file, inline, to the same readers as the document. */
  @Get(':id/file')
  @Can('document.read')
  @RawResponse()
  async file(@Param() params: ParamsDto, @Req() req: AuthedRequest, @Res() res: Response): Promise<void> {
    const document = await this.readable(params.id, req.actor!);
    const file = document.address.kind === 'file' ? await this.files.read(document.address.fileId) : undefined;
    if (!file) throw new NotFoundError('things.file', params.id);
    // Served as the type it was checked to be and never sniffed into another (text shown as HTML would run).
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Content-Disposition', `inline; filename*=UTF-8''${encodeURIComponent(file.name)}`);
    res.type(file.mediaType).send(file.content);
  }

  @Post()
  async add(@Body() body: DocumentDto, @Ctx() context: CommandContext): Promise<Answer> {
    const result = await this.change(null, { kind: 'add', input: body }, context);
    return { id: result.streamId.slice('document-'.length), version: result.version.toString() };
  }

  @Put(':id')
  edit(@Param() params: ParamsDto, @Body() body: EditDocumentDto, @IfMatch() expected: bigint | undefined, @Ctx() context: CommandContext): Promise<Answer> {
    return this.answer(params.id, { kind: 'edit', input: body }, context, expected);
  }

  @Post(':id/shelve')
  shelve(@Param() params: ParamsDto, @IfMatch() expected: bigint | undefined, @Ctx() context: CommandContext): Promise<Answer> {
    return this.answer(params.id, { kind: 'shelve' }, context, expected);
  }

  @Post(':id/unshelve')
  unshelve(@Param() params: ParamsDto, @IfMatch() expected: bigint | undefined, @Ctx() context: CommandContext): Promise<Answer> {
    return this.answer(params.id, { kind: 'unshelve' }, context, expected);
  }

  @Post(':id/remove')
  remove(@Param() params: ParamsDto, @IfMatch() expected: bigint | undefined, @Ctx() context: CommandContext): Promise<Answer> {
    return this.answer(params.id, { kind: 'remove' }, context, expected);
  }

  private async readable(documentId: string, actor: Actor): Promise<DocumentView> {
    // The admin who keeps documents sees every one; a reader only those in range, and the rest do not exist for them.
    const document = await this.documents.get(documentId, can(actor.role, 'document.manage', false) ? undefined : actor.role);
    if (!document) throw new NotFoundError('things.document', documentId);
    return document;
  }

  private async answer(id: string, change: DocumentChange, context: CommandContext, expected?: bigint): Promise<Answer> {
    return { id, version: (await this.change(id, change, context, expected)).version.toString() };
  }

  private change(id: string | null, change: DocumentChange, context: CommandContext, expected?: bigint): Promise<AppendResult> {
    return this.commands.execute(new ChangeDocumentCommand(id, change, context, expected));
  }
}
