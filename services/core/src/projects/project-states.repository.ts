// A project's lifecycle state as its projection row holds it: what access checks and the project's reads take, in one
// statement, instead of folding its stream. It is the state the project's last command left, inline with its events.
import { Inject, Injectable } from '@nestjs/common';
import type { Kysely } from 'kysely';
import { initialProjectState, type ProjectState } from '@annot/workflows';
import type { Loaded } from '../commands/command-pipeline';
import { DATABASE } from '../database/database.token';
import type { Database } from '../database/database.types';

@Injectable()
export class ProjectStates {
  constructor(@Inject(DATABASE) private readonly db: Kysely<Database>) {}

  /** The project with its stream version (its ETag); a project that does not exist is in `none` at version 0. */
  async read(projectId: string): Promise<Loaded<ProjectState>> {
    const row = await this.db.selectFrom('projects').select(['state', 'version']).where('project_id', '=', projectId).executeTakeFirst();
    return row?.state ? { state: row.state as ProjectState, version: BigInt(row.version) } : { state: initialProjectState, version: 0n };
  }
}
