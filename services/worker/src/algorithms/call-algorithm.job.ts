// Sends one chunk of a call to the model server: each pending item with its media's signed address and the project's
// classes, at most the algorithm's concurrency at once; answers are checked like editor saves and recorded together.
// An open circuit sends nothing and waits; a half-open one sends one trial item first.
import { Inject, Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Job } from 'bullmq';
import {
  algorithmCallStateRow,
  algorithmStateRow,
  type AppConfig,
  citedTools,
  commandContext,
  CONFIG,
  DATABASE,
  type Db,
  type JobData,
  JobName,
  LifecycleStates,
  openSecret,
  signedMediaPath,
  subjectOf,
} from '@annot/core';
import {
  type AlgorithmVersion,
  type CallItemOutcome,
  type ModelClass,
  modelClassesOf,
  modelContractVersion,
  resultOfAnswer,
  type ResultTool,
  versionOf,
} from '@annot/workflows';
import type { JobHandler } from '../jobs/job-handler';
import { AlgorithmSlots } from './algorithm-slots';
import { type CallItem, AlgorithmCallsRepository, type CallSettings } from './algorithm-calls.repository';
import { type CircuitOpening, type PreparedOutcome, RecordCallAnswersCommand } from './commands/record-call-answers.handler';
import { RecordCallStepCommand } from './commands/record-call-step.handler';
import { EndpointCircuit } from './endpoint-circuit';
import { callModel } from './model-client';

/** The role of an algorithm version in the events it writes. */
export const algorithmRole = 'algorithm';

interface Sending {
  settings: CallSettings;
  version: AlgorithmVersion;
  token: string | null;
  tools: ResultTool[];
  classes: ModelClass[];
  concurrency: number;
  timeoutMs: number;
}

@Injectable()
export class CallAlgorithmJob implements JobHandler {
  readonly name = JobName.CallAlgorithm;

  constructor(
    private readonly commands: CommandBus,
    private readonly states: LifecycleStates,
    private readonly calls: AlgorithmCallsRepository,
    private readonly circuit: EndpointCircuit,
    private readonly slots: AlgorithmSlots,
    @Inject(CONFIG) private readonly config: AppConfig,
    @Inject(DATABASE) private readonly db: Db,
  ) {}

  async handle(job: Job<JobData<JobName.CallAlgorithm>>): Promise<{ sent: number } | { skipped: true }> {
    const { callId, chunk } = job.data;
    const { state, version: streamVersion } = await this.states.read(algorithmCallStateRow, callId);
    // Chunks go in order; a chunk already recorded, or a call stopped or finished meanwhile, is not sent again.
    if ((state.status !== 'running' && state.status !== 'waiting') || chunk !== state.completedChunks) return { skipped: true };
    const settings = await this.calls.settings(callId);
    const context = commandContext({ id: settings.versionId, role: algorithmRole }, { commandId: `${callId}:chunk:${chunk}:${streamVersion}`, correlationId: callId, causationId: String(job.id) });

    const circuit = await this.circuit.state(settings.algorithmId);
    if (circuit.kind === 'open') {
      const resumeAt = new Date(circuit.until).toISOString();
      await this.commands.execute(
        new RecordCallStepCommand(
          callId,
          'call.interrupt',
          [{ type: 'AlgorithmCallInterrupted', data: { callId, chunk, resumeAt, reasonKey: 'algorithms.circuit_open', params: { failures: this.config.algorithms.circuitFailures, resumeAt } } }],
          [{ name: JobName.CallAlgorithm, data: { callId, chunk }, runAt: resumeAt }],
          context,
        ),
      );
      return { sent: 0 };
    }

    const sending = await this.sending(settings);
    const items = await this.calls.pending(callId, chunk);
    const prepared: (PreparedOutcome & { unavailable: boolean })[] = [];
    let opening: CircuitOpening | null = null;
    const report = () => job.updateProgress({ progress: Math.round((prepared.length / Math.max(1, items.length)) * 100), name: this.name, subject: subjectOf({ name: this.name, data: job.data }) });
    const send = async (item: CallItem) => {
      if (opening) return;
      const outcome = await this.sendOne(callId, item, sending);
      prepared.push(outcome);
      // Any answer, even a refusal of this item, shows the endpoint is up; only no answer counts against it.
      if (!outcome.unavailable) await this.circuit.succeeded(settings.algorithmId);
      else {
        const opened = await this.circuit.failed(settings.algorithmId);
        if (opened && !opening) opening = { ...opened, pending: 0 };
      }
      await report();
    };
    // After a cooldown, one item tries the endpoint before the rest are sent.
    const [first, ...rest] = items;
    if (first && circuit.kind === 'half_open') await send(first);
    await inParallel(circuit.kind === 'half_open' ? rest : items, sending.concurrency, send);

    const chunkDone = prepared.length === items.length;
    if (opening) (opening as CircuitOpening).pending = (await this.calls.pendingCount(callId)) - prepared.length;
    await this.commands.execute(
      new RecordCallAnswersCommand(callId, chunk, prepared.map(({ unavailable: _, ...p }) => p), chunkDone, opening, streamVersion, context),
    );
    return { sent: prepared.length };
  }

  private async sending(settings: CallSettings): Promise<Sending> {
    const { state: algorithm } = await this.states.read(algorithmStateRow, settings.algorithmId);
    const version = versionOf(algorithm, settings.versionId);
    if (!version) throw new Error(`algorithm version ${settings.versionId} is not in its history`);
    const tools = await citedTools(this.db, settings.projectId);
    return {
      settings,
      version,
      token: version.credentials ? openSecret(this.config.secretKey, version.credentials) : null,
      tools,
      classes: modelClassesOf(tools),
      concurrency: algorithm.concurrency,
      timeoutMs: algorithm.timeoutMs,
    };
  }

  private async sendOne(callId: string, item: CallItem, sending: Sending): Promise<PreparedOutcome & { unavailable: boolean }> {
    const { tries, backoffMs, mediaUrlSeconds } = this.config.algorithms;
    const expires = Date.now() + mediaUrlSeconds * 1000;
    const lease = (sending.timeoutMs + backoffMs * 2 ** tries) * tries;
    const reply = await this.slots.with(sending.settings.algorithmId, sending.concurrency, lease, () =>
      callModel({
        endpoint: sending.version.endpoint,
        token: sending.token,
        timeoutMs: sending.timeoutMs,
        idempotencyKey: `${callId}:${item.itemId}`,
        tries,
        backoffMs,
        request: {
          contract: modelContractVersion,
          callId,
          item: { id: item.itemId, fileName: item.fileName, mediaUrl: `${this.config.publicUrl}${signedMediaPath(this.config.secretKey, item.itemId, expires)}`, mediaType: item.mediaType, width: item.width, height: item.height },
          classes: sending.classes,
          scoreThreshold: sending.settings.scoreThreshold,
        },
      }),
    );
    const failed = (reasonKey: string, params: Record<string, string | number>): CallItemOutcome => ({ itemId: item.itemId, outcome: 'failed', latencyMs: reply.latencyMs, resultVersion: null, detections: [], reasonKey, params });
    if (reply.kind !== 'answer') return { item, outcome: failed(reply.reasonKey, reply.params), result: null, unavailable: reply.kind === 'unavailable' };
    const image = item.width && item.height ? { width: item.width, height: item.height } : null;
    const answer = resultOfAnswer(reply.body, sending.tools, image, sending.settings.scoreThreshold);
    if (!answer.result) {
      const [refusal] = answer.refusals;
      return { item, outcome: { ...failed(refusal.reasonKey, { ...(refusal.params ?? {}), source: refusal.source }), detections: answer.detections }, result: null, unavailable: false };
    }
    return {
      item,
      outcome: { itemId: item.itemId, outcome: 'answered', latencyMs: reply.latencyMs, resultVersion: null, detections: answer.detections, reasonKey: null, params: {} },
      result: answer.result,
      unavailable: false,
    };
  }
}

/** Runs `work` over `values`, at most `limit` at a time. */
async function inParallel<T>(values: T[], limit: number, work: (value: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, values.length) }, async () => {
    while (next < values.length) await work(values[next++]);
  });
  await Promise.all(lanes);
}
