// The only Kysely of error groups and invalid-image reasons.
import { Inject, Injectable } from '@nestjs/common';
import { DATABASE, type Db, iso } from '@annot/core';
import type { ErrorGroupInput, InvalidReasonInput } from '@annot/workflows';
import { containing } from './name-search';

export type ErrorGroupView = ErrorGroupInput & { id: string; version: string; updatedAt: string };
export type InvalidReasonView = InvalidReasonInput & { id: string; version: string; updatedAt: string };

/** One entry by id, or the entries whose name holds the keyword. */
export interface EntryFilter {
  id?: string;
  keyword?: string;
}

const updatedAt = iso('updated_at').as('updatedAt');

@Injectable()
export class CatalogEntriesRepository {
  constructor(@Inject(DATABASE) private readonly db: Db) {}

  async errorGroups({ id, keyword }: EntryFilter): Promise<ErrorGroupView[]> {
    let query = this.db
      .selectFrom('error_groups')
      .select(['group_id as id', 'name', 'description', 'values', 'version', updatedAt])
      .where('status', '=', 'active')
      .orderBy('name');
    if (id) query = query.where('group_id', '=', id);
    if (keyword) query = query.where('name', 'ilike', containing(keyword));
    return (await query.execute()) as ErrorGroupView[];
  }

  async invalidReasons({ id, keyword }: EntryFilter): Promise<InvalidReasonView[]> {
    let query = this.db
      .selectFrom('invalid_reasons')
      .select(['reason_id as id', 'code', 'name', 'description', 'version', updatedAt])
      .where('status', '=', 'active')
      .orderBy('code');
    if (id) query = query.where('reason_id', '=', id);
    if (keyword) query = query.where((eb) => eb.or([eb('name', 'ilike', containing(keyword)), eb('code', 'ilike', containing(keyword))]));
    return (await query.execute()) as InvalidReasonView[];
  }
}
