// The algorithm registry as its pages list it, with every version; inline so a call made next reads its writes.
import { type AlgorithmEvent, type AlgorithmState, evolveAlgorithm, initialAlgorithmState } from '@annot/workflows';
import type { StoredEvent } from '../events/stored-event';
import { foldStates, type StateRow } from '../projections/lifecycle-state';
import type { Projection } from '../projections/projection';

type Data<T extends AlgorithmEvent['type']> = Extract<AlgorithmEvent, { type: T }>['data'];

/** An algorithm's lifecycle state on its row, its versions' sealed credentials included: a call reads it to send. */
export const algorithmStateRow: StateRow<AlgorithmState> = {
  stream: 'algorithm-',
  table: 'algorithms',
  key: 'algorithm_id',
  version: 'version',
  initial: initialAlgorithmState,
  evolve: evolveAlgorithm,
};

export const algorithmProjection: Projection = {
  name: 'algorithms',
  mode: 'inline',
  types: ['AlgorithmRegistered', 'AlgorithmVersionAdded', 'AlgorithmEdited', 'AlgorithmSwitched'],
  tables: ['algorithms', 'algorithm_versions'],
  async apply(db, events) {
    for (const event of events as StoredEvent<AlgorithmEvent['type']>[]) {
      const version = event.streamPosition;
      const row = (algorithmId: string) => db.updateTable('algorithms').where('algorithm_id', '=', algorithmId);
      switch (event.type) {
        case 'AlgorithmRegistered': {
          const d = event.data as Data<'AlgorithmRegistered'>;
          await db
            .insertInto('algorithms')
            .values({
              algorithm_id: d.algorithmId,
              interface_name: d.interfaceName,
              name_zh: d.nameZh,
              name_en: d.nameEn,
              developer: d.developer,
              description: d.description,
              enabled: d.enabled,
              control_group_ratio: d.controlGroupRatio,
              concurrency: d.concurrency,
              timeout_ms: d.timeoutMs,
              has_credentials: false,
              registered_by: d.registeredBy,
              registered_at: event.recordedAt,
              version,
            })
            .execute();
          break;
        }
        case 'AlgorithmVersionAdded': {
          const d = event.data as Data<'AlgorithmVersionAdded'>;
          const { count } = await db.selectFrom('algorithm_versions').select((eb) => eb.fn.countAll<string>().as('count')).where('algorithm_id', '=', d.algorithmId).executeTakeFirstOrThrow();
          await db
            .insertInto('algorithm_versions')
            .values({ version_id: d.versionId, algorithm_id: d.algorithmId, version: d.version, endpoint: d.endpoint, description: d.description, added_by: d.addedBy, added_at: event.recordedAt, seq: Number(count) + 1 })
            .execute();
          await row(d.algorithmId).set(d.credentials ? { has_credentials: true, version } : { version }).execute();
          break;
        }
        case 'AlgorithmEdited': {
          const d = event.data as Data<'AlgorithmEdited'>;
          await row(d.algorithmId)
            .set({
              name_zh: d.nameZh,
              name_en: d.nameEn,
              developer: d.developer,
              description: d.description,
              control_group_ratio: d.controlGroupRatio,
              concurrency: d.concurrency,
              timeout_ms: d.timeoutMs,
              ...(d.credentials === undefined ? {} : { has_credentials: d.credentials !== null }),
              version,
            })
            .execute();
          break;
        }
        case 'AlgorithmSwitched': {
          const d = event.data as Data<'AlgorithmSwitched'>;
          await row(d.algorithmId).set({ enabled: d.enabled, version }).execute();
          break;
        }
      }
    }
    await foldStates(db, algorithmStateRow, events);
  },
};
