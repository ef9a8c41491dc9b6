// What a batch import reads of the database besides its batch's events: the project's annotation type, which decides
// how files group into items. The only Kysely of the worker's imports.
import { Inject, Injectable } from '@nestjs/common';
import { DATABASE, type Db } from '@annot/core';
import type { AnnotationType } from '@annot/workflows';

@Injectable()
export class ImportsRepository {
  constructor(@Inject(DATABASE) private readonly db: Db) {}

  async annotationType(projectId: string): Promise<AnnotationType | null> {
    const row = await this.db.selectFrom('projects').select('annotation_type').where('project_id', '=', projectId).executeTakeFirst();
    return (row?.annotation_type as AnnotationType | undefined) ?? null;
  }
}
