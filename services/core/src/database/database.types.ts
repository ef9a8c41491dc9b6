// Row types of every table, as Kysely sees them. 64-bit numbers and xid8 values travel as strings.
import type { ColumnType, Generated } from 'kysely';
import type { ItemSensors } from '@annot/workflows';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json = ColumnType<unknown, string, string>;
/** A lifecycle's state folded onto its row by the row's projection (lifecycle-state.ts). */
type LifecycleState = ColumnType<unknown, string | undefined, string>;

export interface StreamsTable {
  stream_id: string;
  stream_type: string;
  version: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface EventsTable {
  global_position: Generated<string>;
  tx_id: Generated<string>;
  stream_id: string;
  stream_position: string;
  event_id: string;
  type: string;
  schema_version: Generated<number>;
  data: Json;
  metadata: Json;
  recorded_at: Timestamp;
}

export interface CommandsTable {
  command_id: string;
  stream_id: string;
  result: Json;
  recorded_at: Timestamp;
}

export interface OutboxTable {
  id: Generated<string>;
  queue: string;
  job_name: string;
  payload: Json;
  command_id: string | null;
  created_at: Timestamp;
  dispatched_at: Date | null;
  attempts: Generated<number>;
  last_error: string | null;
  /** When the job should run; null for at once. */
  run_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** The job's id in its queue, unique across databases that share one Redis prefix. */
  job_id: Generated<string>;
}

export interface ProjectionCheckpointsTable {
  projection: string;
  tx_id: Generated<string>;
  global_position: Generated<string>;
  updated_at: Timestamp;
}

/** The indexes a projection's runner dropped for a rebuild from the first event, until it builds them again. */
export interface ProjectionDroppedIndexesTable {
  projection: string;
  definitions: string[];
  dropped_at: Generated<Timestamp>;
}

export interface AuditLedgerTable {
  seq: string;
  global_position: string;
  event_id: string;
  hash: string;
}

export interface AuditsTable {
  audit_id: string;
  status: string;
  requested_by: string;
  requested_at: Timestamp;
  finished_at: Date | null;
  checked: string;
  first_bad_event: string | null;
  version: string;
}

export interface ManagementLogTable {
  global_position: string;
  event_id: string;
  stream_id: string;
  event_type: string;
  actor_id: string | null;
  actor_role: string | null;
  summary: Json;
  recorded_at: Timestamp;
  /** The project the event names, where it names one: what a reader limited to some projects reads by. */
  project_id: string | null;
  /** The other projects it names (a clone's source, an auditor's set): read by the same readers. */
  project_ids: string[] | null;
}

export interface AccountsTable {
  account_id: string;
  name: string;
  account: string;
  phone: string | null;
  email: string | null;
  role: string;
  team_id: string | null;
  company: string | null;
  status: string;
  password_hash: string;
  ding_talk_account: string | null;
  country_id: number | null;
  created_at: Timestamp;
  last_login_at: Timestamp | null;
  version: string;
}

export interface TeamsTable {
  team_id: string;
  name: string;
  organisation_id: string;
  hive_id: string;
  size: number;
  mobile: string;
  created_at: Timestamp;
  version: string;
}

export interface SessionsTable {
  session_id: string;
  account_id: string;
  token_hash: string;
  previous_token_hash: string | null;
  via: string;
  started_at: Timestamp;
  token_issued_at: Timestamp;
  ended_at: Timestamp | null;
  end_reason: string | null;
}

export interface SessionActivityTable {
  session_id: string;
  last_seen_at: Timestamp;
}

export interface VerificationCodesTable {
  id: Generated<string>;
  target: string;
  purpose: string;
  code_hash: string;
  sent_at: Timestamp;
  expires_at: Timestamp;
  attempts: Generated<number>;
  consumed_at: Timestamp | null;
}

export interface LoginFailuresTable {
  id: Generated<string>;
  account: string;
  client_ip: string | null;
  failed_at: Timestamp;
}

export interface LoginTicketsTable {
  ticket_hash: string;
  account_id: string;
  issued_by: string;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

export interface MailboxTable {
  id: Generated<string>;
  channel: string;
  recipient: string;
  subject: string;
  body: string;
  sent_at: Timestamp;
}

export interface ToolsTable {
  tool_id: string;
  name: string;
  template_type: string;
  tool_version: number;
  definition: Json;
  status: string;
  created_at: Timestamp;
  updated_at: Timestamp;
  version: string;
}

export interface ToolVersionsTable {
  tool_id: string;
  tool_version: number;
  definition: Json;
  created_at: Timestamp;
}

export interface ToolCitationsTable {
  tool_id: string;
  tool_version: number;
  project_id: string;
}

export interface ErrorGroupsTable {
  group_id: string;
  name: string;
  description: string;
  values: Json;
  status: string;
  updated_at: Timestamp;
  version: string;
}

export interface InvalidReasonsTable {
  reason_id: string;
  code: string;
  name: string;
  description: string;
  status: string;
  updated_at: Timestamp;
  version: string;
}

export interface DataRulesTable {
  rule_id: string;
  name: string;
  description: string;
  latest_version: Generated<number>;
  status: string;
  updated_at: Timestamp;
  version: string;
}

export interface DataRuleVersionsTable {
  rule_id: string;
  rule_version: number;
  document: Json;
  note: string;
  created_at: Timestamp;
}

export interface AnnotationRulesTable {
  rule_id: string;
  name: string;
  config_id: string;
  latest_version: Generated<number>;
  status: string;
  updated_at: Timestamp;
  version: string;
}

export interface AnnotationRuleVersionsTable {
  rule_id: string;
  rule_version: number;
  kind: string;
  html: string | null;
  file_id: string | null;
  file_name: string | null;
  size: number | null;
  note: string;
  created_at: Timestamp;
}

export interface AnnotationRuleCitationsTable {
  rule_id: string;
  rule_version: number;
  project_id: string;
}

export interface FilesTable {
  file_id: string;
  name: string;
  media_type: string;
  size: number;
  sha256: string;
  content: Buffer;
  created_at: Generated<Date>;
}

export interface BatchesTable {
  batch_id: string;
  project_id: string;
  name: string;
  priority: number;
  upload_type: string;
  status: string;
  items: number;
  failed: number;
  importing: ColumnType<unknown, string | null, string | null>;
  failure_file_id: string | null;
  import_error: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  version: string;
  state: LifecycleState;
}

export interface ItemsTable {
  item_id: string;
  batch_id: string;
  project_id: string;
  link_id: string | null;
  seq: number;
  file_name: string;
  path: string;
  size: ColumnType<string, string | number, string | number>;
  media_type: string;
  width: number | null;
  height: number | null;
  checksum: string;
  status: Generated<string>;
  effective: Generated<boolean>;
  created_at: Timestamp;
  priority: Generated<number>;
  claimer_id: string | null;
  claim_id: string | null;
  claimed_at: Timestamp | null;
  deadline: Timestamp | null;
  preferred_claimer_id: string | null;
  rework: Generated<boolean>;
  rework_count: Generated<number>;
  submission_count: Generated<number>;
  object_count: Generated<number>;
  result_version: Generated<number>;
  invalid_reason_id: string | null;
  last_saved_at: Timestamp | null;
  last_submitted_at: Timestamp | null;
  item_version: ColumnType<string, string | number | bigint | undefined, string | number | bigint>;
  /** The team whose share of the link's pool the item is in, and the group within it. */
  team_id: string | null;
  group_id: string | null;
  /** Who last submitted the item's result in an annotation link: whose work a sample judges. */
  annotator_id: string | null;
  /** When the item first finished since it was last recycled; a quality gate's return keeps it. */
  finished_at: Timestamp | null;
  frame_count: Generated<number>;
}

/** The frames of an item of several frames, column by column. */
export interface ItemFramesTable {
  item_id: string;
  path_prefix: string;
  frame_count: number;
  file_names: string[];
  widths: (number | null)[];
  heights: (number | null)[];
  timestamps: number[];
  frame_rate: number | null;
  sensors: ItemSensors | null;
}

export interface ShareProgressTable {
  project_id: string;
  link_id: string;
  team_id: string;
  group_id: string;
  done: Generated<number>;
}

/** Items of a project in each link, state and share; a row is deleted when its count falls to zero. */
export interface ItemCountsTable {
  project_id: string;
  link_id: string;
  status: string;
  /** The share's team and group, the nil uuid for none. */
  team_id: string;
  group_id: string;
  /** The sum of a key's stripes is its count; each person adds to one stripe. */
  stripe: Generated<number>;
  items: ColumnType<string, string | number, string | number>;
}

export interface ExportRecordsTable {
  export_id: string;
  project_id: string;
  format: string;
  scope: ColumnType<unknown, string, string>;
  with_media: boolean;
  naming: string;
  file_name: string;
  destination: ColumnType<unknown, string, string>;
  status: string;
  requested_by: string;
  requested_at: Timestamp;
  started_at: Timestamp | null;
  /** The global position of its last ExportStarted: the log position the archive was read at. */
  started_position: ColumnType<string | null, string | number | null, string | number | null>;
  attempts: number;
  finished_at: Timestamp | null;
  took_ms: number | null;
  items: number;
  objects: number;
  bytes: ColumnType<string, string | number, string | number>;
  location: string | null;
  expires_at: Timestamp | null;
  reason_key: string | null;
  reason_params: ColumnType<unknown, string | null, string | null>;
  version: ColumnType<string, string | number | bigint, string | number | bigint>;
  state: LifecycleState;
}

export interface AnnotationImportsTable {
  import_id: string;
  batch_id: string;
  project_id: string;
  format: string;
  mode: string;
  file_name: string;
  bytes: ColumnType<string, string | number, string | number>;
  status: string;
  progress: number;
  requested_by: string;
  requested_at: Timestamp;
  finished_at: Timestamp | null;
  items: number;
  objects: number;
  refused: number;
  warned: number;
  lines: ColumnType<unknown, string | null | undefined, string | null>;
  reason_key: string | null;
  reason_params: ColumnType<unknown, string | null | undefined, string | null>;
  version: ColumnType<string, string | number | bigint, string | number | bigint>;
  state: LifecycleState;
}

export interface AlgorithmsTable {
  algorithm_id: string;
  interface_name: string;
  name_zh: string;
  name_en: string;
  developer: string;
  description: string;
  enabled: boolean;
  control_group_ratio: number;
  concurrency: number;
  timeout_ms: number;
  has_credentials: boolean;
  registered_by: string;
  registered_at: Timestamp;
  version: ColumnType<string, string | number | bigint, string | number | bigint>;
  state: LifecycleState;
}

export interface AlgorithmVersionsTable {
  version_id: string;
  algorithm_id: string;
  version: string;
  endpoint: string;
  description: string;
  added_by: string;
  added_at: Timestamp;
  seq: number;
}

export interface AlgorithmCallsTable {
  call_id: string;
  algorithm_id: string;
  version_id: string;
  version: string;
  project_id: string;
  scope: ColumnType<unknown, string, string>;
  status: string;
  score_threshold: number;
  control_group_ratio: number;
  draw_seed: ColumnType<string, string | number, string | number>;
  items: Generated<number>;
  control: Generated<number>;
  answered: Generated<number>;
  failed: Generated<number>;
  skipped: Generated<number>;
  objects: Generated<number>;
  reason_key: string | null;
  reason_params: ColumnType<unknown, string | null, string | null>;
  resume_at: Timestamp | null;
  requested_by: string;
  requested_at: Timestamp;
  finished_at: Timestamp | null;
  version_no: ColumnType<string, string | number | bigint, string | number | bigint>;
  state: LifecycleState;
}

export interface AlgorithmCallItemsTable {
  call_id: string;
  item_id: string;
  chunk: number | null;
  outcome: string;
  latency_ms: number | null;
  objects: Generated<number>;
  result_version: number | null;
  reason_key: string | null;
  reason_params: ColumnType<unknown, string | null, string | null>;
}

export interface AlgorithmEffectsTable {
  call_id: string;
  item_id: string;
  grp: string;
  model: ColumnType<unknown, string, string>;
  current: ColumnType<unknown, string, string>;
  claimed_at: Timestamp | null;
  submitted_at: Timestamp | null;
  annotation_ms: ColumnType<string | null, number | null, number | null>;
  kept: number | null;
  edited: number | null;
  deleted: number | null;
  added: number | null;
  passed: boolean | null;
  state: string;
}

export interface MessagesTable {
  message_id: string;
  account_id: string;
  kind: string;
  project_id: string | null;
  subject_type: string;
  subject_id: string;
  params: Json;
  created_at: Timestamp;
  read_at: Timestamp | null;
}

export interface MessageFollowersTable {
  subject_id: string;
  account_id: string;
  role: string;
}

export interface ItemResultsTable {
  item_id: string;
  project_id: string;
  version: number;
  result: unknown;
  saved_by: string;
  saved_at: Timestamp;
}

export interface ProjectsTable {
  project_id: string;
  title: string;
  status: string;
  type: string;
  annotation_type: string;
  /** node-postgres reads a date as a Date; the projects' reads format it with isoDate. */
  start_date: ColumnType<Date, string, string>;
  end_date: ColumnType<Date, string, string>;
  creator_id: string;
  basics: Json;
  tools: Json | null;
  rules: Json | null;
  missing: string[];
  cloned_from: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  version: string;
  published: Generated<boolean>;
  state: LifecycleState;
}

export interface RuleReadingsTable {
  project_id: string;
  account_id: string;
  state: Json;
  version: ColumnType<string, string | number | bigint, string | number | bigint>;
}

export interface ProjectLinksTable {
  project_id: string;
  link_id: string;
  position: number;
  type: string;
  name: string;
}

export interface ProjectMembersTable {
  project_id: string;
  link_id: string;
  kind: 'team' | 'tagger' | 'group-tagger';
  member_id: string;
  group_id: string | null;
  group_name: string | null;
  team_id: string | null;
}

/** A project's items as of every N-th event of its items and imports in log order (see past-item-folds.ts). */
export interface PastItemSnapshotsTable {
  project_id: string;
  global_position: string;
  tx_id: string;
  last_position: string;
  last_recorded_at: Timestamp;
  /** The full snapshot its rows complete: its own position when it keeps every row. */
  full_at: string;
  /** The rows it keeps. */
  rows: number;
}

export interface PastStatisticsPagesTable {
  project_id: string;
  cut: string;
  range: string;
  page: Json;
  built_at: Generated<Timestamp>;
}

/** A statistics table's rows as a snapshot of the project's statistics kept them. */
export type Snapshotted<T> = T & { snapshot: string };

export interface PastItemSnapshotRowsTable {
  project_id: string;
  snapshot: string;
  item_id: string;
  link_id: string | null;
  status: string;
  claimer_id: string | null;
  effective: boolean;
  rework: boolean;
  result_version: number;
  object_count: number;
}

export interface PastItemSnapshotCountsTable {
  project_id: string;
  events: number;
}

/** A project an admin gave an auditor to read. */
/** A project's items folded as of a moment (`cut`: p<position> or t<micros>), kept while readers page through them. */
export interface PastItemCutsTable {
  project_id: string;
  cut: string;
  items: number;
  counts: Json;
  took_ms: number;
  built_at: Generated<Timestamp>;
}

export interface PastItemStatesTable {
  project_id: string;
  cut: string;
  item_id: string;
  link_id: string | null;
  status: string;
  claimer_id: string | null;
  effective: boolean;
  rework: boolean;
  result_version: number;
  object_count: number;
}

export interface AuditorProjectsTable {
  auditor_id: string;
  project_id: string;
}

export interface SamplingTasksTable {
  task_id: string;
  project_id: string;
  sequence: number;
  scope_kind: 'batch' | 'link';
  batch_id: string | null;
  link_id: string | null;
  since: Timestamp | null;
  until: Timestamp | null;
  rule: Json;
  pass_threshold: number;
  status: string;
  round: number;
  screening_count: number;
  sample_count: number;
  judged_count: number;
  passed_count: number;
  rounds: Json;
  returned_count: number;
  decision: string | null;
  created_by: string;
  created_at: Timestamp;
  updated_at: Timestamp;
  version: ColumnType<string, string | number | bigint, string | number | bigint>;
}

export interface SampleItemsTable {
  task_id: string;
  round: number;
  item_id: string;
  project_id: string;
  annotator_id: string;
  result_version: number;
  claimer_id: string | null;
  claimed_at: Timestamp | null;
  verdict: 'pass' | 'fail' | null;
  marks: Json;
  inspector_id: string | null;
  judged_at: Timestamp | null;
}

export interface AcceptanceBatchesTable {
  batch_id: string;
  project_id: string;
  sequence: number;
  status: string;
  item_count: number;
  judged_count: number;
  passed_count: number;
  rejected_count: number;
  acceptor_ids: string[];
  claimer_id: string | null;
  claimed_at: Timestamp | null;
  takeovers: number;
  submitted_at: Timestamp | null;
  cost_seconds: number | null;
  created_by: string;
  created_at: Timestamp;
  decided_by: string | null;
  decided_at: Timestamp | null;
  repair_allowed: boolean | null;
  withdrawn_by: string | null;
  withdrawn_at: Timestamp | null;
  version: ColumnType<string, string | number | bigint, string | number | bigint>;
}

export interface AcceptanceItemsTable {
  batch_id: string;
  item_id: string;
  project_id: string;
  position: number;
  result_version: number;
  verdict: 'pass' | 'reject' | null;
  marks: Json;
  judged_at: Timestamp | null;
  outcome: 'passed' | 'returned' | 'rejected' | null;
}

export interface IdempotentRequestsTable {
  request_key: string;
  fingerprint: string;
  /** Null while the first request is still running. */
  status: number | null;
  body: unknown;
  etag: string | null;
  created_at: Generated<Date>;
}

export interface DocumentsTable {
  document_id: string;
  name: string;
  address_kind: string;
  url: string | null;
  file_id: string | null;
  file_name: string | null;
  media_type: string | null;
  size: number | null;
  sha256: string | null;
  description: string;
  visible_roles: string[];
  sort: number;
  on_shelf: boolean;
  added_by: string;
  added_at: Timestamp;
  updated_at: Timestamp;
  version: ColumnType<string, string | number | bigint, string | number | bigint>;
}

export interface AnnouncementsTable {
  announcement_id: string;
  title: string;
  content: string;
  scope: ColumnType<unknown, string, string>;
  everyone: boolean;
  scope_roles: string[];
  scope_team_ids: string[];
  scope_account_ids: string[];
  status: string;
  publish_at: Timestamp | null;
  published_at: Timestamp | null;
  created_by: string;
  created_at: Timestamp;
  updated_at: Timestamp;
  version: ColumnType<string, string | number | bigint, string | number | bigint>;
  state: LifecycleState;
}

/** The webhook registry: an inline projection of the webhook streams. */
export interface WebhooksTable {
  webhook_id: string;
  project_id: string;
  url: string;
  description: string;
  event_types: Json;
  status: string;
  replays: ColumnType<number, number | undefined, number>;
  registered_by: string;
  registered_at: Timestamp;
  version: ColumnType<string, string | number | bigint, string | number | bigint>;
  state: LifecycleState;
}

/** Where a webhook's delivery stands in the log: operational, written by the worker that holds the webhook. */
export interface WebhookCheckpointsTable {
  webhook_id: string;
  tx_id: string;
  global_position: ColumnType<string, string | number | bigint, string | number | bigint>;
  replays_seen: ColumnType<number, number | undefined, number>;
  delivered_position: ColumnType<string | null, string | number | bigint | null | undefined, string | number | bigint | null>;
  last_delivered_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  failures: ColumnType<number, number | undefined, number>;
  next_attempt_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  last_error: ColumnType<string | null, string | null | undefined, string | null>;
  updated_at: Generated<Date>;
}

/** Every attempt to deliver an event to a webhook, as its delivery log shows them. */
export interface WebhookDeliveriesTable {
  attempt_id: string;
  webhook_id: string;
  event_id: string;
  event_type: string;
  global_position: ColumnType<string, string | number | bigint, string | number | bigint>;
  attempt: number;
  ok: boolean;
  status_code: number | null;
  duration_ms: number;
  error: string | null;
  attempted_at: Generated<Date>;
}

// Insights: the statistics projection's tables (async), read by the statistics queries only.
export interface InsightsProjectsTable {
  project_id: string;
  title: string;
  status: string;
  unit_price: ColumnType<string, string | number, string | number>;
  links: ColumnType<{ id: string; name: string; type: 'annotation' | 'inspection' }[], string | undefined, string>;
}

export interface InsightsBatchesTable {
  batch_id: string;
  project_id: string;
  name: string;
  items: Generated<number>;
  deleted: Generated<boolean>;
}

export interface InsightsPeopleTable {
  person_id: string;
  team_id: string | null;
}

export interface InsightsItemsTable {
  item_id: string;
  project_id: string;
  batch_id: string | null;
  link_id: string | null;
  place: string;
  claimed_at: Timestamp | null;
  annotator_id: string | null;
  annotator_link_id: string | null;
  effective: Generated<boolean>;
  objects: Generated<number>;
  classes: ColumnType<Record<string, number> | null, string | null, string | null>;
  credit: ColumnType<unknown, string | null, string | null>;
}

export interface InsightsWorkTable {
  project_id: string;
  link_id: string;
  batch_id: string | null;
  person_id: string;
  team_id: string | null;
  bucket: Timestamp;
  claimed: Generated<number>;
  submitted: Generated<number>;
  reworked: Generated<number>;
  invalid: Generated<number>;
  objects: Generated<number>;
  work_ms: ColumnType<string, number | undefined, number>;
  timed: Generated<number>;
  passed: Generated<number>;
  rejected: Generated<number>;
  finished: Generated<number>;
  finished_valid: Generated<number>;
}

export interface InsightsObjectsTable {
  project_id: string;
  link_id: string;
  batch_id: string | null;
  person_id: string;
  team_id: string | null;
  bucket: Timestamp;
  class_name: string;
  objects: Generated<number>;
}

export interface InsightsPositionsTable {
  project_id: string;
  batch_id: string | null;
  link_id: string | null;
  place: string;
  items: Generated<number>;
}

export interface InsightsSamplingRoundsTable {
  task_id: string;
  round: number;
  project_id: string;
  judged: number;
  passed: number;
  closed_at: Timestamp;
}

export interface InsightsAcceptanceTable {
  batch_id: string;
  project_id: string;
  sequence: number;
  items: number;
  passed: Generated<number>;
  rejected: Generated<number>;
  status: string;
  created_at: Timestamp;
}

export interface Database {
  streams: StreamsTable;
  events: EventsTable;
  commands: CommandsTable;
  outbox: OutboxTable;
  projection_checkpoints: ProjectionCheckpointsTable;
  projection_dropped_indexes: ProjectionDroppedIndexesTable;
  audit_ledger: AuditLedgerTable;
  audits: AuditsTable;
  management_log: ManagementLogTable;
  accounts: AccountsTable;
  teams: TeamsTable;
  sessions: SessionsTable;
  session_activity: SessionActivityTable;
  verification_codes: VerificationCodesTable;
  login_failures: LoginFailuresTable;
  login_tickets: LoginTicketsTable;
  mailbox: MailboxTable;
  tools: ToolsTable;
  tool_versions: ToolVersionsTable;
  tool_citations: ToolCitationsTable;
  error_groups: ErrorGroupsTable;
  invalid_reasons: InvalidReasonsTable;
  data_rules: DataRulesTable;
  data_rule_versions: DataRuleVersionsTable;
  annotation_rules: AnnotationRulesTable;
  annotation_rule_versions: AnnotationRuleVersionsTable;
  annotation_rule_citations: AnnotationRuleCitationsTable;
  files: FilesTable;
  projects: ProjectsTable;
  rule_readings: RuleReadingsTable;
  project_links: ProjectLinksTable;
  project_members: ProjectMembersTable;
  auditor_projects: AuditorProjectsTable;
  past_item_cuts: PastItemCutsTable;
  past_item_states: PastItemStatesTable;
  past_item_snapshots: PastItemSnapshotsTable;
  past_item_snapshot_rows: PastItemSnapshotRowsTable;
  past_item_snapshot_counts: PastItemSnapshotCountsTable;
  past_statistics_snapshots: Omit<PastItemSnapshotsTable, 'rows'>;
  past_statistics_pages: PastStatisticsPagesTable;
  past_insights_projects: Snapshotted<InsightsProjectsTable>;
  /** Everyone's teams, kept under each project's snapshot. */
  past_insights_people: Snapshotted<InsightsPeopleTable & { project_id: string }>;
  past_insights_batches: Snapshotted<InsightsBatchesTable>;
  past_insights_items: Snapshotted<InsightsItemsTable>;
  past_insights_work: Snapshotted<InsightsWorkTable>;
  past_insights_objects: Snapshotted<InsightsObjectsTable>;
  past_insights_positions: Snapshotted<InsightsPositionsTable>;
  past_insights_sampling_rounds: Snapshotted<InsightsSamplingRoundsTable>;
  past_insights_acceptance: Snapshotted<InsightsAcceptanceTable>;
  batches: BatchesTable;
  items: ItemsTable;
  item_frames: ItemFramesTable;
  idempotent_requests: IdempotentRequestsTable;
  item_results: ItemResultsTable;
  export_records: ExportRecordsTable;
  annotation_imports: AnnotationImportsTable;
  algorithms: AlgorithmsTable;
  algorithm_versions: AlgorithmVersionsTable;
  algorithm_calls: AlgorithmCallsTable;
  algorithm_call_items: AlgorithmCallItemsTable;
  algorithm_effects: AlgorithmEffectsTable;
  share_progress: ShareProgressTable;
  item_counts: ItemCountsTable;
  sampling_tasks: SamplingTasksTable;
  sample_items: SampleItemsTable;
  acceptance_batches: AcceptanceBatchesTable;
  acceptance_items: AcceptanceItemsTable;
  messages: MessagesTable;
  message_followers: MessageFollowersTable;
  documents: DocumentsTable;
  webhooks: WebhooksTable;
  webhook_checkpoints: WebhookCheckpointsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  insights_projects: InsightsProjectsTable;
  insights_batches: InsightsBatchesTable;
  insights_people: InsightsPeopleTable;
  insights_items: InsightsItemsTable;
  insights_work: InsightsWorkTable;
  insights_objects: InsightsObjectsTable;
  insights_positions: InsightsPositionsTable;
  insights_sampling_rounds: InsightsSamplingRoundsTable;
  insights_acceptance: InsightsAcceptanceTable;
  announcements: AnnouncementsTable;
}
