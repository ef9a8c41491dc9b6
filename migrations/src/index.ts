// The ordered catalogue of migrations, read by the migrator through a static provider.
import type { Migration } from 'kysely';
import * as m1763859600000 from './1763859600000-EventStore';
import * as m1763859600001 from './1763859600001-AuditsAndManagementLog';
import * as m1763859600002 from './1763859600002-Identity';
import * as m1763859600003 from './1763859600003-Tools';
import * as m1763859600004 from './1763859600004-ErrorGroupsAndInvalidReasons';
import * as m1763859600005 from './1763859600005-DataRules';
import * as m1763859600006 from './1763859600006-AnnotationRules';
import * as m1763859600007 from './1763859600007-UniqueAccountsAndTeams';
import * as m1763859600008 from './1763859600008-Projects';
import * as m1763859600009 from './1763859600009-BatchesAndItems';
import * as m1763859600010 from './1763859600010-ManagementLogJson';
import * as m1763859600011 from './1763859600011-ProjectsPublished';
import * as m1763859600012 from './1763859600012-IdempotentRequests';
import * as m1763859600013 from './1763859600013-EventsByType';
import * as m1763859600014 from './1763859600014-ItemWork';
import * as m1763859600015 from './1763859600015-OutboxRunAt';
import * as m1763859600016 from './1763859600016-PoolShares';
import * as m1763859600017 from './1763859600017-AppendStreams';
import * as m1763859600018 from './1763859600018-ItemListFilters';
import * as m1763859600019 from './1763859600019-ItemsByFileName';
import * as m1763859600020 from './1763859600020-SamplingTasks';
import * as m1763859600021 from './1763859600021-AcceptanceBatches';
import * as m1763859600022 from './1763859600022-ExportRecords';
import * as m1763859600023 from './1763859600023-Algorithms';
import * as m1763859600024 from './1763859600024-Messages';
import * as m1763859600030 from './1763859600030-Documents';
import * as m1763859600032 from './1763859600032-Webhooks';
import * as m1763859600025 from './1763859600025-Statistics';
import * as m1763859600031 from './1763859600031-Announcements';
import * as m1763859600033 from './1763859600033-OutboxJobIds';
import * as m1763859600034 from './1763859600034-EventsByTime';
import * as m1763859600035 from './1763859600035-ItemFrames';
import * as m1763859600091 from './1763859600091-EventDataLz4';
import * as m1763859600092 from './1763859600092-ItemSensors';
import * as m1763859600093 from './1763859600093-SameContentItems';
import * as m1763859600094 from './1763859600094-WrittenNotifications';
import * as m1763859600095 from './1763859600095-LifecycleStates';
import * as m1763859600096 from './1763859600096-ItemCounts';
import * as m1763859600097 from './1763859600097-AuditorProjects';
import * as m1763859600098 from './1763859600098-PastReads';
import * as m1763859600100 from './1763859600100-LoggedProjectSets';
import * as m1763859600101 from './1763859600101-NotifyAfterCommit';
import * as m1763859600102 from './1763859600102-PastItemSnapshots';
import * as m1763859600103 from './1763859600103-AnnotationImports';
import * as m1763859600104 from './1763859600104-PastSnapshotTeams';
import * as m1763859600105 from './1763859600105-PastStatisticsSnapshots';
import * as m1763859600106 from './1763859600106-ExportStartedPosition';
import * as m1763859600107 from './1763859600107-ItemsTable';
import * as m1763859600108 from './1763859600108-ProjectionDroppedIndexes';
import * as m1763859600112 from './1763859600112-ManagementLogLandmarks';

export const migrations: Record<string, Migration> = {
  '1763859600000-EventStore': m1763859600000,
  '1763859600001-AuditsAndManagementLog': m1763859600001,
  '1763859600002-Identity': m1763859600002,
  '1763859600003-Tools': m1763859600003,
  '1763859600004-ErrorGroupsAndInvalidReasons': m1763859600004,
  '1763859600005-DataRules': m1763859600005,
  '1763859600006-AnnotationRules': m1763859600006,
  '1763859600007-UniqueAccountsAndTeams': m1763859600007,
  '1763859600008-Projects': m1763859600008,
  '1763859600009-BatchesAndItems': m1763859600009,
  '1763859600010-ManagementLogJson': m1763859600010,
  '1763859600011-ProjectsPublished': m1763859600011,
  '1763859600012-IdempotentRequests': m1763859600012,
  '1763859600013-EventsByType': m1763859600013,
  '1763859600014-ItemWork': m1763859600014,
  '1763859600015-OutboxRunAt': m1763859600015,
  '1763859600016-PoolShares': m1763859600016,
  '1763859600017-AppendStreams': m1763859600017,
  '1763859600018-ItemListFilters': m1763859600018,
  '1763859600019-ItemsByFileName': m1763859600019,
  '1763859600020-SamplingTasks': m1763859600020,
  '1763859600021-AcceptanceBatches': m1763859600021,
  '1763859600022-ExportRecords': m1763859600022,
  '1763859600023-Algorithms': m1763859600023,
  '1763859600024-Messages': m1763859600024,
  '1763859600030-Documents': m1763859600030,
  '1763859600032-Webhooks': m1763859600032,
  '1763859600025-Statistics': m1763859600025,
  '1763859600031-Announcements': m1763859600031,
  '1763859600033-OutboxJobIds': m1763859600033,
  '1763859600034-EventsByTime': m1763859600034,
  '1763859600035-ItemFrames': m1763859600035,
  '1763859600091-EventDataLz4': m1763859600091,
  '1763859600092-ItemSensors': m1763859600092,
  '1763859600093-SameContentItems': m1763859600093,
  '1763859600094-WrittenNotifications': m1763859600094,
  '1763859600095-LifecycleStates': m1763859600095,
  '1763859600096-ItemCounts': m1763859600096,
  '1763859600097-AuditorProjects': m1763859600097,
  '1763859600098-PastReads': m1763859600098,
  '1763859600100-LoggedProjectSets': m1763859600100,
  '1763859600101-NotifyAfterCommit': m1763859600101,
  '1763859600102-PastItemSnapshots': m1763859600102,
  '1763859600103-AnnotationImports': m1763859600103,
  '1763859600104-PastSnapshotTeams': m1763859600104,
  '1763859600105-PastStatisticsSnapshots': m1763859600105,
  '1763859600106-ExportStartedPosition': m1763859600106,
  '1763859600107-ItemsTable': m1763859600107,
  '1763859600108-ProjectionDroppedIndexes': m1763859600108,
  '1763859600112-ManagementLogLandmarks': m1763859600112,
};
