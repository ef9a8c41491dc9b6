// Lists ledger verification runs, newest first, by keyset.
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { AuditView, Page, PageQuery } from '@annot/workflows';
import { AuditsRepository } from '../audits.repository';

export class ListAuditsQuery {
  constructor(readonly page: PageQuery) {}
}

@QueryHandler(ListAuditsQuery)
export class ListAuditsHandler implements IQueryHandler<ListAuditsQuery, Page<AuditView>> {
  constructor(private readonly audits: AuditsRepository) {}

  execute({ page }: ListAuditsQuery): Promise<Page<AuditView>> {
    return this.audits.list(page.limit, page.cursor);
  }
}
