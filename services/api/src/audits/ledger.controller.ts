// The audit ledger over HTTP: a project's slice (or, for the staff, the whole) as a file, and single entries to compare
// a file's anchors with. An auditor reads only the projects given to it.
import { Controller, Get, Inject, Param, Query, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { createZodDto } from 'nestjs-zod';
import { type Actor, type AppConfig, AppError, type CommandContext, CONFIG, NotFoundError } from '@annot/core';
import { can, ledgerAnchorParams, type LedgerAnchorView, ledgerExportQuery, type LedgerExportQuery } from '@annot/workflows';
import { Ctx } from '../http/command-context.decorator';
import { RawResponse } from '../http/raw-response.decorator';
import { Can } from '../identity/access/can.decorator';
import { ProjectAccess } from '../projects/project-access.service';
import { LedgerRepository } from './ledger.repository';

class ExportDto extends createZodDto(ledgerExportQuery) {}

/** The client took what was written, or went away (then the export stops at the next page). */
const drained = (res: Response) => new Promise<void>((resolve) => {
  res.once('drain', resolve);
  res.once('close', resolve);
});
class AnchorParamsDto extends createZodDto(ledgerAnchorParams) {}

@ApiTags('audits')
@Controller('manage/ledger')
@Can('audit.read')
export class LedgerController {
  constructor(
    private readonly ledger: LedgerRepository,
    private readonly projects: ProjectAccess,
    @Inject(CONFIG) private readonly config: AppConfig,
  ) {}

  /** Newline-delimited JSON: the header, then one entry per line (docs/ledger-export.md). */
  @Get('export')
  @RawResponse()
  async export(@Query() query: ExportDto, @Res() res: Response, @Ctx() context: CommandContext): Promise<void> {
    await this.assertMayExport(context.actor, query);
    const { header, pages } = await this.ledger.export({ projectId: query.projectId ?? null, from: query.from, to: query.to });
    res.setHeader('Content-Disposition', `attachment; filename="ledger-${query.projectId ?? 'all'}.ndjson"`);
    res.type('application/x-ndjson; charset=utf-8');
    res.write(`${JSON.stringify(header)}\n`);
    for await (const page of pages) {
      if (res.destroyed) return;
      // Waits for the client to take a page before reading the next, so a slow download holds no more than one.
      if (!res.write(page.map((entry) => JSON.stringify(entry)).join('\n') + '\n')) await drained(res);
    }
    res.end();
  }

  @Get('anchors/:seq')
  async anchor(@Param() params: AnchorParamsDto): Promise<LedgerAnchorView> {
    const anchor = await this.ledger.anchor(params.seq);
    if (!anchor) throw new NotFoundError('things.ledger_entry', params.seq);
    return anchor;
  }

  /** A project's slice for whoever may see the project; the whole ledger, every project's events in it, for the staff. */
  private async assertMayExport(actor: Actor, query: LedgerExportQuery): Promise<void> {
    if (query.projectId) return this.projects.assertVisible(actor, query.projectId);
    if (!can(actor.role, 'ledger.export_all', this.config.privateDeployment)) throw new AppError(403, 'FORBIDDEN', 'ledger.whole_for_staff');
  }
}
