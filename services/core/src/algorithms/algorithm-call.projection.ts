// Algorithm calls and each item's outcome as the call pages show them; inline so the worker's next chunk reads
// which items are still to send.
import { type AlgorithmCallEvent, type AlgorithmCallState, evolveAlgorithmCall, initialAlgorithmCallState } from '@annot/workflows';
import type { StoredEvent } from '../events/stored-event';
import { foldStates, type StateRow } from '../projections/lifecycle-state';
import type { Projection } from '../projections/projection';

type Data<T extends AlgorithmCallEvent['type']> = Extract<AlgorithmCallEvent, { type: T }>['data'];

/** An algorithm call's lifecycle state on its row: its jobs read from it which chunk is next. */
export const algorithmCallStateRow: StateRow<AlgorithmCallState> = {
  stream: 'algorithm_call-',
  table: 'algorithm_calls',
  key: 'call_id',
  version: 'version_no',
  initial: initialAlgorithmCallState,
  evolve: evolveAlgorithmCall,
};

export const algorithmCallProjection: Projection = {
  name: 'algorithm_calls',
  mode: 'inline',
  types: [
    'AlgorithmCallRequested',
    'AlgorithmCallPlanned',
    'AlgorithmCallDispatched',
    'AlgorithmCallAnswered',
    'AlgorithmCallInterrupted',
    'AlgorithmCallResumed',
    'AlgorithmCallFinished',
    'AlgorithmCallStopped',
    'AlgorithmCallRestarted',
  ],
  tables: ['algorithm_calls', 'algorithm_call_items'],
  async apply(db, events) {
    for (const event of events as StoredEvent<AlgorithmCallEvent['type']>[]) {
      const version_no = event.streamPosition;
      const call = (callId: string) => db.updateTable('algorithm_calls').where('call_id', '=', callId);
      switch (event.type) {
        case 'AlgorithmCallRequested': {
          const d = event.data as Data<'AlgorithmCallRequested'>;
          await db
            .insertInto('algorithm_calls')
            .values({
              call_id: d.callId,
              algorithm_id: d.algorithmId,
              version_id: d.versionId,
              version: d.version,
              project_id: d.projectId,
              scope: JSON.stringify(d.scope),
              status: 'queued',
              score_threshold: d.scoreThreshold,
              control_group_ratio: d.controlGroupRatio,
              draw_seed: d.drawSeed,
              requested_by: d.requestedBy,
              requested_at: event.recordedAt,
              version_no,
            })
            .execute();
          break;
        }
        case 'AlgorithmCallPlanned': {
          const d = event.data as Data<'AlgorithmCallPlanned'>;
          const rows = [
            ...d.chunks.flatMap((c) => c.itemIds.map((itemId) => ({ call_id: d.callId, item_id: itemId, chunk: c.chunk, outcome: 'pending' }))),
            ...d.controlItemIds.map((itemId) => ({ call_id: d.callId, item_id: itemId, chunk: null, outcome: 'control' })),
          ];
          if (rows.length > 0) await db.insertInto('algorithm_call_items').values(rows).execute();
          const sent = rows.length - d.controlItemIds.length;
          await call(d.callId)
            .set((eb) => ({ items: eb('items', '+', sent + d.controlItemIds.length), control: eb('control', '+', d.controlItemIds.length), version_no }))
            .execute();
          break;
        }
        case 'AlgorithmCallDispatched':
        case 'AlgorithmCallResumed':
        case 'AlgorithmCallRestarted':
          await call(event.data.callId).set({ status: 'running', reason_key: null, reason_params: null, resume_at: null, version_no }).execute();
          break;
        case 'AlgorithmCallAnswered': {
          const d = event.data as Data<'AlgorithmCallAnswered'>;
          for (const o of d.outcomes) {
            await db
              .updateTable('algorithm_call_items')
              .set({ outcome: o.outcome, latency_ms: o.latencyMs, objects: o.outcome === 'answered' ? o.detections.length : 0, result_version: o.resultVersion, reason_key: o.reasonKey, reason_params: o.reasonKey ? JSON.stringify(o.params) : null })
              .where('call_id', '=', d.callId)
              .where('item_id', '=', o.itemId)
              .execute();
          }
          const count = (outcome: string) => d.outcomes.filter((o) => o.outcome === outcome).length;
          const objects = d.outcomes.reduce((sum, o) => sum + (o.outcome === 'answered' ? o.detections.length : 0), 0);
          await call(d.callId)
            .set((eb) => ({
              answered: eb('answered', '+', count('answered')),
              failed: eb('failed', '+', count('failed')),
              skipped: eb('skipped', '+', count('skipped')),
              objects: eb('objects', '+', objects),
              version_no,
            }))
            .execute();
          break;
        }
        case 'AlgorithmCallInterrupted': {
          const d = event.data as Data<'AlgorithmCallInterrupted'>;
          await call(d.callId).set({ status: 'waiting', reason_key: d.reasonKey, reason_params: JSON.stringify(d.params), resume_at: d.resumeAt, version_no }).execute();
          break;
        }
        case 'AlgorithmCallFinished':
          await call(event.data.callId).set({ status: 'finished', finished_at: event.recordedAt, reason_key: null, reason_params: null, resume_at: null, version_no }).execute();
          break;
        case 'AlgorithmCallStopped': {
          const d = event.data as Data<'AlgorithmCallStopped'>;
          await call(d.callId).set({ status: 'stopped', finished_at: event.recordedAt, reason_key: d.reasonKey, reason_params: JSON.stringify(d.params), resume_at: null, version_no }).execute();
          break;
        }
      }
    }
    await foldStates(db, algorithmCallStateRow, events);
  },
};
