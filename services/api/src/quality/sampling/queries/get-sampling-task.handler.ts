// A sampling task's page: the task with its closed rounds, the current round's sample with its files and people, each
// annotator's pass rate and the marks by error group over every round, and what the caller may do now.
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { type Actor, AppError, NotFoundError } from '@annot/core';
import { samplingActionsFor, type SamplingTaskView, itemActor } from '@annot/workflows';
import { Versioned } from '../../../http/envelope';
import { SamplingAccess } from '../sampling-access.service';
import { SamplingRepository } from '../sampling.repository';

export class GetSamplingTaskQuery {
  constructor(
    readonly taskId: string,
    readonly actor: Actor,
  ) {}
}

@QueryHandler(GetSamplingTaskQuery)
export class GetSamplingTaskHandler implements IQueryHandler<GetSamplingTaskQuery, Versioned<SamplingTaskView>> {
  constructor(
    private readonly sampling: SamplingRepository,
    private readonly access: SamplingAccess,
  ) {}

  async execute({ taskId, actor }: GetSamplingTaskQuery): Promise<Versioned<SamplingTaskView>> {
    const task = await this.sampling.row(taskId);
    if (!task) throw new NotFoundError('things.sampling', taskId);
    if (!(await this.access.inspects(actor, task.projectId))) throw new AppError(403, 'FORBIDDEN', 'quality.sampling_not_inspector');
    const [slots, annotators, errors] = await Promise.all([this.sampling.sample(taskId, task.round), this.sampling.annotators(taskId), this.sampling.errors(taskId)]);
    const context = {
      round: task.round,
      passThreshold: task.passThreshold,
      sample: slots.map(({ itemId, annotatorId, claimerId, verdict }) => ({ itemId, annotatorId, claimerId, verdict })),
    };
    const allowed = samplingActionsFor(task.status, context, itemActor(actor.id, actor.role), true);
    const sample = slots.map(({ annotatorId: _annotator, claimerId: _claimer, ...item }) => item);
    return new Versioned({ task, sample, annotators, errors, allowed }, task.version);
  }
}
