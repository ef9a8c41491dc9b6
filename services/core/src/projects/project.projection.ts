// Projects as the lists show them, their links and the people of each link; also the catalog's citations of them.
import type { Kysely } from 'kysely';
import { evolveProject, initialProjectState, missingSteps, type ProjectEvent, type ProjectState, type ProjectTools } from '@annot/workflows';
import type { Database } from '../database/database.types';
import type { StoredEvent } from '../events/stored-event';
import { type StateRow, statesAfter } from '../projections/lifecycle-state';
import type { Projection } from '../projections/projection';

type Db = Kysely<Database>;

/** A project's status after each of its lifecycle events. */
export const projectStatusAfter: Partial<Record<ProjectEvent['type'], string>> = {
  ProjectMarkedComplete: 'waiting_for_publish',
  ProjectMarkedIncomplete: 'waiting_for_improvement',
  ProjectPublished: 'in_progress',
  ProjectPaused: 'paused',
  ProjectResumed: 'in_progress',
  ProjectFinished: 'completed',
  ProjectClosed: 'closed',
  ProjectReopened: 'reopened',
};

/** What the wizard still lacks, from the row and the links as they now stand. */
async function refreshMissing(db: Db, projectId: string): Promise<void> {
  const row = await db.selectFrom('projects').select(['basics', 'tools', 'rules']).where('project_id', '=', projectId).executeTakeFirstOrThrow();
  const links = await db.selectFrom('project_links').select('type').where('project_id', '=', projectId).orderBy('position').execute();
  const missing = missingSteps({
    basics: row.basics as never,
    tools: row.tools as ProjectTools['tools'] | null,
    links: links.length > 0 ? (links as { type: 'annotation' | 'inspection' }[]) : null,
    rules: row.rules as never,
  });
  await db.updateTable('projects').set({ missing }).where('project_id', '=', projectId).execute();
}

/** Every branch writes the project's row with `touched`, which carries its lifecycle state after the event. */
async function applyOne(db: Db, event: StoredEvent<ProjectEvent['type']>, state: ProjectState): Promise<void> {
  const data = event.data as ProjectEvent['data'];
  const projectId = data.projectId;
  const touched = { updated_at: event.recordedAt, version: event.streamPosition, state: JSON.stringify(state) };
  switch (event.type) {
    case 'ProjectDrafted': {
      const { basics, clonedFrom } = event.data as Extract<ProjectEvent, { type: 'ProjectDrafted' }>['data'];
      await db
        .insertInto('projects')
        .values({
          project_id: projectId,
          title: basics.title,
          status: 'waiting_for_improvement',
          type: basics.type,
          annotation_type: basics.annotationType,
          start_date: basics.startDate,
          end_date: basics.endDate,
          creator_id: event.metadata.actorId,
          basics: JSON.stringify(basics),
          missing: [],
          cloned_from: clonedFrom,
          created_at: event.recordedAt,
          ...touched,
        })
        .execute();
      return refreshMissing(db, projectId);
    }
    case 'ProjectBasicsSaved': {
      const { basics } = event.data as Extract<ProjectEvent, { type: 'ProjectBasicsSaved' }>['data'];
      await db
        .updateTable('projects')
        .set({ title: basics.title, type: basics.type, annotation_type: basics.annotationType, start_date: basics.startDate, end_date: basics.endDate, basics: JSON.stringify(basics), ...touched })
        .where('project_id', '=', projectId)
        .execute();
      return;
    }
    case 'ProjectToolsSaved': {
      const { tools } = event.data as Extract<ProjectEvent, { type: 'ProjectToolsSaved' }>['data'];
      await db.updateTable('projects').set({ tools: JSON.stringify(tools), ...touched }).where('project_id', '=', projectId).execute();
      await db.deleteFrom('tool_citations').where('project_id', '=', projectId).execute();
      await db.insertInto('tool_citations').values(tools.map((t) => ({ tool_id: t.toolId, tool_version: t.toolVersion, project_id: projectId }))).execute();
      return refreshMissing(db, projectId);
    }
    case 'ProjectLinksSaved': {
      const { links } = event.data as Extract<ProjectEvent, { type: 'ProjectLinksSaved' }>['data'];
      await db.updateTable('projects').set(touched).where('project_id', '=', projectId).execute();
      await db.deleteFrom('project_links').where('project_id', '=', projectId).execute();
      const kept = links.map((l) => l.id);
      let gone = db.deleteFrom('project_members').where('project_id', '=', projectId);
      if (kept.length > 0) gone = gone.where('link_id', 'not in', kept);
      await gone.execute();
      if (links.length > 0) {
        await db.insertInto('project_links').values(links.map((l, position) => ({ project_id: projectId, link_id: l.id, position, type: l.type, name: l.name }))).execute();
      }
      return refreshMissing(db, projectId);
    }
    case 'ProjectRulesSaved': {
      const { rules } = event.data as Extract<ProjectEvent, { type: 'ProjectRulesSaved' }>['data'];
      await db.updateTable('projects').set({ rules: JSON.stringify(rules), ...touched }).where('project_id', '=', projectId).execute();
      await db.deleteFrom('annotation_rule_citations').where('project_id', '=', projectId).execute();
      await db
        .insertInto('annotation_rule_citations')
        .values({ rule_id: rules.annotationRule.ruleId, rule_version: rules.annotationRule.ruleVersion, project_id: projectId })
        .execute();
      return refreshMissing(db, projectId);
    }
    case 'LinkMembersAssigned': {
      const { linkId, teamIds, taggerIds } = event.data as Extract<ProjectEvent, { type: 'LinkMembersAssigned' }>['data'];
      await db.updateTable('projects').set(touched).where('project_id', '=', projectId).execute();
      await db.deleteFrom('project_members').where('link_id', '=', linkId).where('kind', 'in', ['team', 'tagger']).execute();
      let leftTeams = db.deleteFrom('project_members').where('link_id', '=', linkId).where('kind', '=', 'group-tagger');
      if (teamIds.length > 0) leftTeams = leftTeams.where('team_id', 'not in', teamIds);
      await leftTeams.execute();
      const rows = [
        ...teamIds.map((id) => ({ project_id: projectId, link_id: linkId, kind: 'team' as const, member_id: id, group_id: null, group_name: null, team_id: id })),
        ...taggerIds.map((id) => ({ project_id: projectId, link_id: linkId, kind: 'tagger' as const, member_id: id, group_id: null, group_name: null, team_id: null })),
      ];
      if (rows.length > 0) await db.insertInto('project_members').values(rows).execute();
      return;
    }
    case 'LinkGroupSaved': {
      const { linkId, groupId, teamId, name, taggerIds } = event.data as Extract<ProjectEvent, { type: 'LinkGroupSaved' }>['data'];
      await db.updateTable('projects').set(touched).where('project_id', '=', projectId).execute();
      await db.deleteFrom('project_members').where('group_id', '=', groupId).execute();
      const rows = taggerIds.map((id) => ({ project_id: projectId, link_id: linkId, kind: 'group-tagger' as const, member_id: id, group_id: groupId, group_name: name, team_id: teamId }));
      if (rows.length > 0) await db.insertInto('project_members').values(rows).execute();
      return;
    }
    case 'LinkGroupDeleted': {
      const { groupId } = event.data as Extract<ProjectEvent, { type: 'LinkGroupDeleted' }>['data'];
      await db.updateTable('projects').set(touched).where('project_id', '=', projectId).execute();
      await db.deleteFrom('project_members').where('group_id', '=', groupId).execute();
      return;
    }
    default: {
      const status = projectStatusAfter[event.type];
      const published = event.type === 'ProjectPublished' ? { published: true } : {};
      await db.updateTable('projects').set(status ? { status, ...published, ...touched } : touched).where('project_id', '=', projectId).execute();
    }
  }
}

/** The project's lifecycle state on its row, which access checks and the project's reads take instead of its stream. */
export const projectStateRow: StateRow<ProjectState> = {
  stream: 'project-',
  table: 'projects',
  key: 'project_id',
  version: 'version',
  initial: initialProjectState,
  evolve: evolveProject,
};

export const projectProjection: Projection = {
  name: 'projects',
  mode: 'inline',
  tables: ['projects', 'project_links', 'project_members', 'tool_citations', 'annotation_rule_citations'],
  async apply(db, events) {
    const states = await statesAfter(db, projectStateRow, events);
    for (const event of events) if (states.has(event)) await applyOne(db, event as StoredEvent<ProjectEvent['type']>, states.get(event)!);
  },
};
