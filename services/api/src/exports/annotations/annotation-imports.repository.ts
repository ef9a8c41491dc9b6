// What the annotation import form reads of a batch: its project.
import { Inject, Injectable } from '@nestjs/common';
import { DATABASE, type Db } from '@annot/core';

@Injectable()
export class AnnotationImportsRepository {
  constructor(@Inject(DATABASE) private readonly db: Db) {}

  async projectOf(batchId: string): Promise<string | undefined> {
    return (await this.db.selectFrom('batches').select(['project_id']).where('batch_id', '=', batchId).where('status', '<>', 'deleted').executeTakeFirst())?.project_id;
  }
}
