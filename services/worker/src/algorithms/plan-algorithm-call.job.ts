// Plans a call: pages through the scope's waiting items, holds out the control group by the call's stored draw,
// records each page's chunks, then sends the first chunk, or ends a call whose scope held no item.
import { Inject, Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Job } from 'bullmq';
import { algorithmCallStateRow, type AppConfig, commandContext, CONFIG, type JobData, JobName, LifecycleStates, subjectOf, systemActor } from '@annot/core';
import { inControlGroup } from '@annot/workflows';
import type { JobHandler } from '../jobs/job-handler';
import { AlgorithmCallsRepository } from './algorithm-calls.repository';
import { RecordCallStepCommand } from './commands/record-call-step.handler';

/** Items read per planned page: one event and one transaction each. */
const planPageSize = 1000;

@Injectable()
export class PlanAlgorithmCallJob implements JobHandler {
  readonly name = JobName.PlanAlgorithmCall;

  constructor(
    private readonly commands: CommandBus,
    private readonly states: LifecycleStates,
    private readonly calls: AlgorithmCallsRepository,
    @Inject(CONFIG) private readonly config: AppConfig,
  ) {}

  async handle(job: Job<JobData<JobName.PlanAlgorithmCall>>): Promise<{ items: number; control: number } | { skipped: true }> {
    const { callId } = job.data;
    let { state } = await this.states.read(algorithmCallStateRow, callId);
    if (state.status !== 'queued') return { skipped: true };
    const settings = await this.calls.settings(callId);
    // Command ids name the page, so a page recorded before a crash is not recorded twice.
    const context = (step: string) => commandContext(systemActor, { commandId: `${callId}:plan:${step}`, correlationId: callId, causationId: String(job.id) });
    let chunk = state.chunks;
    for (let page = state.pages; ; page++) {
      const itemIds = await this.calls.unplanned(callId, settings, planPageSize);
      if (itemIds.length === 0) break;
      const controlItemIds = itemIds.filter((id) => inControlGroup(settings.drawSeed, id, settings.controlGroupRatio));
      const held = new Set(controlItemIds);
      const sent = itemIds.filter((id) => !held.has(id));
      const chunks = [];
      for (let start = 0; start < sent.length; start += this.config.algorithms.chunkSize) chunks.push({ chunk: chunk++, itemIds: sent.slice(start, start + this.config.algorithms.chunkSize) });
      await this.commands.execute(new RecordCallStepCommand(callId, 'call.plan', [{ type: 'AlgorithmCallPlanned', data: { callId, page, chunks, controlItemIds } }], [], context(String(page))));
      await job.updateProgress({ progress: 0, name: this.name, subject: subjectOf({ name: this.name, data: job.data }) });
    }
    ({ state } = await this.states.read(algorithmCallStateRow, callId));
    const { items, control } = await this.calls.plannedCounts(callId);
    if (state.chunks === 0) {
      await this.commands.execute(new RecordCallStepCommand(callId, 'call.finish', [{ type: 'AlgorithmCallFinished', data: { callId } }], [], context('finish')));
    } else {
      await this.commands.execute(
        new RecordCallStepCommand(callId, 'call.dispatch', [{ type: 'AlgorithmCallDispatched', data: { callId, chunks: state.chunks, items, control } }], [{ name: JobName.CallAlgorithm, data: { callId, chunk: 0 } }], context('dispatch')),
      );
    }
    return { items, control };
  }
}
