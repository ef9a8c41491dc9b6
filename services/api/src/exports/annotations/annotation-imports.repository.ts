// What an annotation upload reads of a batch: its project and the project's annotation type.
import { Inject, Injectable } from '@nestjs/common';
import { DATABASE, type Db } from '@annot/core';

@Injectable()
export class AnnotationImportsRepository {
  constructor(@Inject(DATABASE) private readonly db: Db) {}

  async projectOf(batchId: string): Promise<{ projectId: string; annotationType: string } | undefined> {
    return this.db
      .selectFrom('batches as b')
      .innerJoin('projects as p', 'p.project_id', 'b.project_id')
      .select(['b.project_id as projectId', 'p.annotation_type as annotationType'])
      .where('b.batch_id', '=', batchId)
      .where('b.status', '<>', 'deleted')
      .executeTakeFirst();
  }
}
