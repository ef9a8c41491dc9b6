// Import/export data rules: a name, and versions each holding a JSON document checked against a published schema.
import { z } from 'zod';
import type { DomainEvent } from '../shared/event';

export const dataRuleInput = z
  .object({
    name: z.string({ error: 'catalog.data_rule_name_empty' }).trim().min(1, 'catalog.data_rule_name_empty').max(100, 'validation.too_big'),
    description: z.string().trim().max(500).default(''),
  })
  .strict();
export type DataRuleInput = z.infer<typeof dataRuleInput>;

/** What a rule may say about an import or an export: the published schema of its versions. */
export const dataRuleDocument = z
  .object({
    direction: z.enum(['import', 'export', 'both']).describe('Whether the rule reads uploads, writes exports, or both'),
    format: z.enum(['json', 'xml', 'csv', 'coco', 'kitti', 'pascal_voc']).describe('File format of the annotations'),
    fieldMapping: z
      .record(z.string().regex(/^[a-zA-Z][\w.]*$/), z.string().min(1).max(100))
      .default({})
      .describe('Platform field -> field name in the file'),
    naming: z
      .object({
        pattern: z
          .string()
          .min(1)
          .max(200)
          .regex(/^[\w.{}\-/]+$/)
          .describe('File name pattern with {project}, {batch}, {file}, {index} placeholders'),
      })
      .strict()
      .optional(),
    coordinates: z
      .object({
        origin: z.enum(['top_left', 'bottom_left', 'center']),
        unit: z.enum(['pixel', 'normalized']),
        boxFormat: z.enum(['xywh', 'xyxy', 'cxcywh']).default('xywh'),
        precision: z.number().int().min(0).max(10).default(2),
      })
      .strict()
      .optional(),
    include: z.object({ invalidItems: z.boolean().default(false), attributes: z.boolean().default(true) }).strict().optional(),
  })
  .strict();
export type DataRuleDocument = z.infer<typeof dataRuleDocument>;

export const dataRuleVersionInput = z.object({ document: z.unknown(), note: z.string().trim().max(200).default('') }).strict();

export type DataRuleCreated = DomainEvent<'DataRuleCreated', DataRuleInput & { ruleId: string }>;
export type DataRuleEdited = DomainEvent<'DataRuleEdited', DataRuleInput & { ruleId: string }>;
export type DataRuleVersionAdded = DomainEvent<'DataRuleVersionAdded', { ruleId: string; name: string; ruleVersion: number; document: DataRuleDocument; note: string }>;
export type DataRuleDeleted = DomainEvent<'DataRuleDeleted', { ruleId: string; name: string }>;
export type DataRuleEvent = DataRuleCreated | DataRuleEdited | DataRuleVersionAdded | DataRuleDeleted;

export const dataRuleStreamId = (ruleId: string): string => `datarule-${ruleId}`;
