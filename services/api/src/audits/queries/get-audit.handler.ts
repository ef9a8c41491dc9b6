// One ledger verification run, with its stream version for ETag.
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { NotFoundError } from '@annot/core';
import type { AuditView } from '@annot/workflows';
import { Versioned } from '../../http/envelope';
import { AuditsRepository } from '../audits.repository';

export class GetAuditQuery {
  constructor(readonly auditId: string) {}
}

@QueryHandler(GetAuditQuery)
export class GetAuditHandler implements IQueryHandler<GetAuditQuery, Versioned<AuditView>> {
  constructor(private readonly audits: AuditsRepository) {}

  async execute({ auditId }: GetAuditQuery): Promise<Versioned<AuditView>> {
    const row = await this.audits.get(auditId);
    if (!row) throw new NotFoundError('things.audit', auditId);
    const { version, ...view } = row;
    return new Versioned(view, version);
  }
}
