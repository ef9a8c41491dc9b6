// Who reaches a project's batches: the staff who may see the project read and write them; the people of its links read them.
import { Injectable } from '@nestjs/common';
import { type Actor, NotFoundError } from '@annot/core';
import { ProjectAccess } from '../projects/project-access.service';
import { BatchesRepository, type BatchRow } from './batches.repository';

@Injectable()
export class BatchAccess {
  constructor(
    private readonly projects: ProjectAccess,
    private readonly batches: BatchesRepository,
  ) {}

  /**
   * The project's visibility is the whole rule for now: batches are not tied to links until the work loop lands,
   * so a member of any link of the project reads all of its batches. The route's roles keep writes with the staff.
   */
  async assertProject(actor: Actor, projectId: string): Promise<void> {
    await this.projects.assertVisible(actor, projectId);
  }

  /** A live batch of a project the caller may see; any other answers as a batch that does not exist. */
  async batch(actor: Actor, batchId: string): Promise<BatchRow> {
    const batch = await this.batches.get(batchId);
    if (!batch || !(await this.projects.mayView(actor, batch.projectId))) throw new NotFoundError('things.batch', batchId);
    return batch;
  }

  /** Before a lifecycle command: a deleted batch still reaches its machine, which says what is allowed. */
  async assertCommandable(actor: Actor, batchId: string): Promise<void> {
    const projectId = await this.batches.projectOf(batchId);
    if (!projectId || !(await this.projects.mayView(actor, projectId))) throw new NotFoundError('things.batch', batchId);
  }
}
