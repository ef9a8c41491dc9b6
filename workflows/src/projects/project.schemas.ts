// What a project holds, step by step as the creation wizard asks for it: basic info, tools, links, rules.
import { z } from 'zod';
import { samplingPassThresholdDefault } from '../quality/sampling/sampling.events';

export const annotationTypes = [
  'picture_single_frame',
  'picture_continuous_frame',
  'panoramic_semantic_segmentation',
  'point_cloud_single_frame',
  'point_cloud_continuous_frame',
  'point_cloud_fusion_single_frame',
  'point_cloud_fusion_continuous_frame',
  'point_cloud_semantic_segmentation',
  'video',
] as const;
export type AnnotationType = (typeof annotationTypes)[number];

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'projects.date_invalid');
const positiveInteger = (max: number) => z.number({ error: 'validation.positive_integer' }).int('validation.positive_integer').min(1, 'validation.positive_integer').max(max, 'validation.too_big');

/** Step 1, basic info: saving it for the first time creates the draft. */
/** Which registered algorithm pre-annotates which link, and the share of items held out as a control group. */
export const projectAlgorithmConfig = z
  .object({
    calls: z
      .array(
        z
          .object({
            algorithmId: z.uuid('algorithms.not_registered'),
            /** Null: the algorithm's newest version at the time of each call. */
            versionId: z.uuid().nullable().default(null),
            linkId: z.uuid().nullable().default(null),
            scoreThreshold: z.number().min(0, 'validation.too_small').max(1, 'validation.too_big').default(0.5),
          })
          .strict(),
      )
      .max(20, 'validation.too_big')
      .default([]),
    controlGroupRatio: z.number().int('validation.non_negative_integer').min(0, 'validation.too_small').max(100, 'validation.too_big').default(0),
  })
  .strict();
export type ProjectAlgorithmConfig = z.infer<typeof projectAlgorithmConfig>;

export const projectBasics = z
  .object({
    title: z.string({ error: 'projects.title_empty' }).trim().min(1, 'projects.title_empty').max(100, 'validation.too_big'),
    type: z.enum(['trial', 'formal'], { error: 'projects.type_invalid' }),
    annotationType: z.enum(annotationTypes, { error: 'projects.annotation_type_invalid' }),
    startDate: isoDate,
    endDate: isoDate,
    description: z.string().trim().max(2000, 'validation.too_big').default(''),
    linkedProjectId: z.uuid().nullable().default(null),
    storageAddress: z.string().trim().max(500, 'validation.too_big').default(''),
    /** RMB per item, at most two decimals. */
    unitPrice: z
      .number({ error: 'projects.unit_price_invalid' })
      .min(0, 'projects.unit_price_invalid')
      .max(1_000_000, 'validation.too_big')
      .refine((n) => Math.round(n * 100) === n * 100, 'projects.unit_price_invalid'),
    reworkMaxCount: z.number({ error: 'validation.non_negative_integer' }).int('validation.non_negative_integer').min(0, 'validation.non_negative_integer').max(100, 'validation.too_big'),
    autoRecycle: z
      .object({ enabled: z.boolean(), timeoutMinutes: positiveInteger(60 * 24 * 30).nullable().default(null) })
      .strict()
      .refine((r) => !r.enabled || r.timeoutMinutes !== null, { message: 'projects.recycle_timeout_required', path: ['timeoutMinutes'] }),
    /** The seed's three permission toggles. */
    permissions: z
      .object({
        inspectorMayModify: z.boolean().default(false),
        repairAfterAcceptance: z.boolean().default(false),
        reacceptPassed: z.boolean().default(false),
      })
      .strict()
      .default({ inspectorMayModify: false, repairAfterAcceptance: false, reacceptPassed: false }),
    algorithmConfig: projectAlgorithmConfig.nullable().default(null),
    /** The pass rate (a whole percent) at or above which a sampling round passes its scope. */
    samplingPassThreshold: z
      .number({ error: 'validation.non_negative_integer' })
      .int('validation.non_negative_integer')
      .min(0, 'validation.non_negative_integer')
      .max(100, 'validation.too_big')
      .default(samplingPassThresholdDefault),
  })
  .strict()
  .refine((b) => b.endDate >= b.startDate, { message: 'projects.end_before_start', path: ['endDate'] });
export type ProjectBasics = z.infer<typeof projectBasics>;

/** A project's sampling pass threshold; basics saved before the setting existed have the default. */
export const samplingPassThresholdOf = (basics: Partial<Pick<ProjectBasics, 'samplingPassThreshold'>> | null): number =>
  basics?.samplingPassThreshold ?? samplingPassThresholdDefault;

/** The seed's refusal of a group element whose graphics do not match the project's tools. */
export const groupToolsInconsistent = 'projects.group_tools_inconsistent';

/** A group element: one thing (a vehicle) drawn as several graphics (its body box, its wheels' boxes), each with its own tool. */
export const toolGroup = z
  .object({
    name: z.string({ error: 'projects.tool_group_name_empty' }).trim().min(1, 'projects.tool_group_name_empty').max(50, 'validation.too_big'),
    toolIds: z.array(z.uuid()).min(1, groupToolsInconsistent).max(50, 'validation.too_big'),
  })
  .strict();
export type ToolGroup = z.infer<typeof toolGroup>;

/** Step 2, tools: the catalog tools the project uses, each at the version it cites, and the group elements made of them. */
export const projectTools = z
  .object({
    tools: z
      .array(z.object({ toolId: z.uuid(), toolVersion: positiveInteger(1_000_000) }).strict())
      .min(1, 'projects.tools_empty')
      .max(50, 'validation.too_big')
      .refine((tools) => new Set(tools.map((t) => t.toolId)).size === tools.length, 'projects.tool_repeat'),
    groups: z.array(toolGroup).max(50, 'validation.too_big').default([]),
  })
  .strict()
  .superRefine(({ tools, groups }, ctx) => {
    const chosen = new Set(tools.map((t) => t.toolId));
    const names = new Set<string>();
    groups.forEach((group, i) => {
      if (names.has(group.name)) ctx.addIssue({ code: 'custom', path: ['groups', i, 'name'], message: 'projects.tool_group_name_repeat' });
      names.add(group.name);
      // A tool named twice would make one graphic of the group two; one outside the project could never be drawn.
      const consistent = group.toolIds.every((id) => chosen.has(id)) && new Set(group.toolIds).size === group.toolIds.length;
      if (!consistent) ctx.addIssue({ code: 'custom', path: ['groups', i, 'toolIds'], message: groupToolsInconsistent });
    });
  });
export type ProjectTools = z.infer<typeof projectTools>;

/** Step 3, links: the pipeline in order; ids are chosen by the client so a link keeps its id across edits. */
export const projectLinkInput = z
  .object({
    id: z.uuid(),
    type: z.enum(['annotation', 'inspection']),
    name: z.string({ error: 'projects.link_name_empty' }).trim().min(1, 'projects.link_name_empty').max(50, 'validation.too_big'),
  })
  .strict();
export const projectLinks = z.object({ links: z.array(projectLinkInput).max(20, 'validation.too_big') }).strict();
export type ProjectLinkInput = z.infer<typeof projectLinkInput>;
export type ProjectLinks = z.infer<typeof projectLinks>;

/** Step 4, rules: the cited annotation rule version, its countdown and reread flag, the import/export rule and the error groups. */
export const projectRules = z
  .object({
    annotationRule: z.object({ ruleId: z.uuid(), ruleVersion: positiveInteger(1_000_000) }).strict(),
    countdownSeconds: z.number().int('validation.non_negative_integer').min(0, 'validation.non_negative_integer').max(3600, 'validation.too_big'),
    rereadByAnnotator: z.boolean(),
    dataRule: z.object({ ruleId: z.uuid(), ruleVersion: positiveInteger(1_000_000) }).strict().nullable().default(null),
    /** The error property groups its inspectors and acceptors mark with: every project ends in inspection, whose rejection needs a mark. */
    errorGroupIds: z
      .array(z.uuid(), { error: 'projects.error_groups_required' })
      .min(1, 'projects.error_groups_required')
      .max(50, 'validation.too_big')
      .refine((ids) => new Set(ids).size === ids.length, 'projects.error_group_repeat'),
  })
  .strict();
export type ProjectRules = z.infer<typeof projectRules>;

/** The wizard's steps, in order. */
export const projectSteps = ['basics', 'tools', 'links', 'rules'] as const;
export type ProjectStep = (typeof projectSteps)[number];

/** Members of one link: supplier teams and individual taggers, chosen by the PM. */
export const linkMembersInput = z
  .object({
    teamIds: z.array(z.uuid()).max(200, 'validation.too_big').default([]),
    taggerIds: z.array(z.uuid()).max(2000, 'validation.too_big').default([]),
  })
  .strict();
export type LinkMembersInput = z.infer<typeof linkMembersInput>;

/** A supplier's group of its own taggers within one link (the supplier people screen). */
export const linkGroupInput = z
  .object({
    name: z.string({ error: 'projects.group_name_empty' }).trim().min(1, 'projects.group_name_empty').max(50, 'validation.too_big'),
    taggerIds: z.array(z.uuid()).max(2000, 'validation.too_big'),
  })
  .strict();
export type LinkGroupInput = z.infer<typeof linkGroupInput>;

export const projectStatuses = ['waiting_for_improvement', 'waiting_for_publish', 'in_progress', 'paused', 'completed', 'closed', 'reopened'] as const;

/** The list tabs: released is what waits for publishing, going runs or paused, finished is completed or closed. */
export const projectListQuery = z
  .object({
    status: z.enum(projectStatuses).optional(),
    tab: z.enum(['release', 'going', 'finish']).optional(),
    keyword: z.string().trim().max(100).optional(),
    type: z.enum(['trial', 'formal']).optional(),
    annotationType: z.enum(annotationTypes).optional(),
    limit: z.coerce.number().int().min(1).max(100).default(20),
    cursor: z.string().max(500).optional(),
  })
  .strict();
export type ProjectListQuery = z.infer<typeof projectListQuery>;
