// Every projection of the platform: the worker runs the async ones, commands cite the inline ones, replay rebuilds all.
import { errorGroupProjection, invalidReasonProjection } from '../catalog/catalog-entry.projection';
import { annotationRuleProjection } from '../catalog/annotation-rule.projection';
import { dataRuleProjection } from '../catalog/data-rule.projection';
import { toolProjection } from '../catalog/tool.projection';
import { batchProjection } from '../batches/batch.projection';
import { itemProjection } from '../items/item.projection';
import { samplingProjection } from '../quality/sampling.projection';
import { acceptanceProjection } from '../quality/acceptance.projection';
import { exportProjection } from '../exports/export.projection';
import { annotationImportProjection } from '../exports/annotation-import.projection';
import { algorithmProjection } from '../algorithms/algorithm.projection';
import { algorithmCallProjection } from '../algorithms/algorithm-call.projection';
import { algorithmEffectProjection } from '../algorithms/algorithm-effect.projection';
import { messageProjection } from '../comms/message.projection';
import { documentProjection } from '../documents/document.projection';
import { webhookProjection } from '../webhooks/webhook.projection';
import { projectProjection } from '../projects/project.projection';
import { ruleReadingProjection } from '../items/rule-reading.projection';
import { announcementProjection } from '../comms/announcement.projection';
import { accountProjection } from '../identity/account.projection';
import { teamProjection } from '../identity/team.projection';
import { auditLedgerProjection } from '../ledger/audit-ledger.projection';
import { auditProjection } from './audit.projection';
import { managementLogProjection } from './management-log.projection';
import { statisticsProjection } from '../insights/statistics.projection';
import { pastItemSnapshots } from '../past/past-item-snapshot.projection';
import type { Projection } from './projection';

export const projectionCatalogue: Projection[] = [
  auditProjection,
  accountProjection,
  teamProjection,
  toolProjection,
  errorGroupProjection,
  invalidReasonProjection,
  dataRuleProjection,
  annotationRuleProjection,
  projectProjection,
  ruleReadingProjection,
  batchProjection,
  itemProjection,
  samplingProjection,
  acceptanceProjection,
  exportProjection,
  annotationImportProjection,
  algorithmProjection,
  algorithmCallProjection,
  algorithmEffectProjection,
  messageProjection,
  documentProjection,
  webhookProjection,
  statisticsProjection,
  announcementProjection,
  managementLogProjection,
  pastItemSnapshots,
  auditLedgerProjection,
];
