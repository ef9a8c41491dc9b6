// getoperatehistory: the management log, ten to a page, each operation described in the caller's language.
import { Controller, Get, Query, Req } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { createZodDto } from 'nestjs-zod';
import type { Request } from 'express';
import { type HistoryEntry, historyQuery } from '@annot/workflows';
import { requestLanguage } from '../http/request-language';
import { describeOperation } from '../i18n/operations';
import { translate } from '../i18n/translate';
import { HiddenInPrivateDeployment } from './access/access.decorator';
import { Can } from './access/can.decorator';
import { HistoryRepository } from './history.repository';

class HistoryDto extends createZodDto(historyQuery) {}

@ApiTags('history')
@Controller('manage/history')
export class HistoryController {
  constructor(private readonly history: HistoryRepository) {}

  @Get('getoperatehistory')
  @Can('history.read')
  @HiddenInPrivateDeployment()
  async page(@Query() query: HistoryDto, @Req() req: Request): Promise<{ list: HistoryEntry[]; total: number }> {
    const language = requestLanguage(req);
    const { rows, total } = await this.history.page(query.limit, query.offset);
    const list = rows.map((row) => ({
      id: row.id,
      user_name: row.actorName ?? translate(language, `actors.${row.actorId === 'system' ? 'system' : 'anonymous'}`),
      role: row.actorRole,
      operation: describeOperation(language, row.eventType, row.summary),
      event_type: row.eventType,
      created_at: row.createdAt,
    }));
    return { list, total };
  }
}
