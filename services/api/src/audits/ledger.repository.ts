// The audit ledger as auditors take it away: the export's header and pages, and one entry as an anchor to compare with.
import { Inject, Injectable } from '@nestjs/common';
import { DATABASE, type Db, type LedgerExportEntry, ledgerExportEntries, ledgerExportHeader, type LedgerScope } from '@annot/core';
import type { LedgerAnchorView } from '@annot/workflows';

@Injectable()
export class LedgerRepository {
  constructor(@Inject(DATABASE) private readonly db: Db) {}

  async export(scope: LedgerScope): Promise<{ header: object; pages: AsyncGenerator<LedgerExportEntry[]> }> {
    const { range, ...header } = await ledgerExportHeader(this.db, scope, new Date().toISOString());
    return { header, pages: ledgerExportEntries(this.db, scope, range) };
  }

  async anchor(seq: string): Promise<LedgerAnchorView | undefined> {
    const row = await this.db.selectFrom('audit_ledger').select(['seq', 'hash']).where('seq', '=', seq).executeTakeFirst();
    if (!row) return undefined;
    const head = await this.db.selectFrom('audit_ledger').select((eb) => eb.fn.max('seq').as('seq')).executeTakeFirstOrThrow();
    return { seq: String(row.seq), hash: row.hash, head: String(head.seq) };
  }
}
