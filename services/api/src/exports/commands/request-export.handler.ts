// A PM asks for an export: the record is made with the archive's name, and the worker's job is queued with it.
import { randomUUID } from 'node:crypto';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AppError, CommandPipeline, type CommandContext, exportLifecycle, JobName, NotFoundError } from '@annot/core';
import { exportFileName, exportStreamId, type RequestExportInput } from '@annot/workflows';
import type { Language } from '../../i18n/language';
import { translate } from '../../i18n/translate';
import { ExportsRepository } from '../exports.repository';

export class RequestExportCommand {
  constructor(
    readonly projectId: string,
    readonly input: RequestExportInput,
    readonly context: CommandContext,
    /** The requester's language: an archive of several batches says "all batches" in it. */
    readonly language: Language,
  ) {}
}

export interface RequestExportResult {
  exportId: string;
  version: string;
}

const refused = (messageKey: string) => new AppError(409, 'EXPORT_REFUSED', messageKey);

@CommandHandler(RequestExportCommand)
export class RequestExportHandler implements ICommandHandler<RequestExportCommand, RequestExportResult> {
  constructor(
    private readonly pipeline: CommandPipeline,
    private readonly exports: ExportsRepository,
  ) {}

  async execute({ projectId, input, context, language }: RequestExportCommand): Promise<RequestExportResult> {
    const title = await this.exports.projectTitle(projectId);
    if (title === undefined) throw new NotFoundError('things.project', projectId);
    if (!this.exports.destinations().includes(input.destination.type)) throw refused('exports.destination_missing');
    if (input.format === 'rule_json' && !(await this.exports.dataRule(projectId))) throw refused('exports.rule_missing');
    const batches = await this.exports.batchNames(projectId, input.scope.batchIds);
    if (batches.length !== input.scope.batchIds.length) throw new NotFoundError('things.batch', input.scope.batchIds.find((id) => !batches.some((b) => b.id === id))!);

    const links = await this.exports.linkIds(projectId);
    const strange = input.scope.linkIds.find((id) => !links.includes(id));
    if (strange) throw new NotFoundError('things.link', strange);

    const exportId = randomUUID();
    const fileName = exportFileName(input.naming, { project: title, batch: batches.length === 1 ? batches[0].name : translate(language, 'exports.file_all_batches'), format: input.format, date: new Date() });
    const result = await this.pipeline.run(exportLifecycle, exportStreamId(exportId), context, {
      decide: () => [{ type: 'ExportRequested' as const, data: { exportId, projectId, ...input, fileName, requestedBy: context.actor.id } }],
      outbox: () => [{ name: JobName.Export, data: { exportId } }],
    });
    // A repeated Idempotency-Key answers with the export the first request made.
    return { exportId: result.streamId.slice('export-'.length), version: result.version.toString() };
  }
}
