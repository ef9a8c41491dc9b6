// An admin adds a document, changes it, puts it on or takes it off the shelf, or removes it. A file address names a
// file uploaded before; its name, type, size and checksum go into the event, so the log alone says what was shown.
import { randomUUID } from 'node:crypto';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AppError, type AppendResult, CommandPipeline, type CommandContext, documentLifecycle } from '@annot/core';
import { type DocumentAddress, type DocumentAddressInput, type DocumentEvent, documentFileKinds, type DocumentInput, documentStreamId, type EditDocumentInput } from '@annot/workflows';
import { DocumentsRepository } from '../documents.repository';

export type DocumentChange =
  | { kind: 'add'; input: DocumentInput }
  | { kind: 'edit'; input: EditDocumentInput }
  | { kind: 'shelve' }
  | { kind: 'unshelve' }
  | { kind: 'remove' };

export class ChangeDocumentCommand {
  constructor(
    readonly documentId: string | null,
    readonly change: DocumentChange,
    readonly context: CommandContext,
    readonly expectedVersion?: bigint,
  ) {}
}

const documentMediaTypes: string[] = Object.values(documentFileKinds);

@CommandHandler(ChangeDocumentCommand)
export class ChangeDocumentHandler implements ICommandHandler<ChangeDocumentCommand, AppendResult> {
  constructor(
    private readonly pipeline: CommandPipeline,
    private readonly documents: DocumentsRepository,
  ) {}

  async execute({ documentId, change, context, expectedVersion }: ChangeDocumentCommand): Promise<AppendResult> {
    const id = documentId ?? randomUUID();
    const address = change.kind === 'add' || change.kind === 'edit' ? await this.address(change.input.address) : null;
    return this.pipeline.run(documentLifecycle, documentStreamId(id), context, {
      event: change.kind === 'add' ? undefined : { type: `document.${change.kind}` },
      expectedVersion,
      decide: (state): DocumentEvent[] => {
        switch (change.kind) {
          case 'add': {
            const { onShelf, ...described } = change.input;
            return [{ type: 'DocumentAdded', data: { documentId: id, ...described, address: address!, onShelf, addedBy: context.actor.id } }];
          }
          case 'edit':
            return [{ type: 'DocumentChanged', data: { documentId: id, ...change.input, address: address! } }];
          case 'shelve':
            return [{ type: 'DocumentShelved', data: { documentId: id, name: state.name } }];
          case 'unshelve':
            return [{ type: 'DocumentUnshelved', data: { documentId: id, name: state.name } }];
          case 'remove':
            return [{ type: 'DocumentRemoved', data: { documentId: id, name: state.name } }];
        }
      },
    });
  }

  /** A link as given; a file as the upload kept it, and only one uploaded as a document's file. */
  private async address(input: DocumentAddressInput): Promise<DocumentAddress> {
    if (input.kind === 'link') return input;
    const file = await this.documents.uploadedFile(input.fileId);
    if (!file || !documentMediaTypes.includes(file.mediaType)) {
      throw new AppError(400, 'VALIDATION_FAILED', 'errors.validation_failed', {}, [{ field: 'address.fileId', messageKey: 'documents.file_missing' }]);
    }
    return { kind: 'file', ...file };
  }
}
