// Annotation rules: what taggers must follow, as sanitized rich text or a PDF, in versions that projects cite.
import { z } from 'zod';
import type { DomainEvent } from '../shared/event';

export const annotationRuleInput = z
  .object({
    name: z.string({ error: 'catalog.annotation_rule_name_empty' }).trim().min(1, 'catalog.annotation_rule_name_empty').max(100, 'validation.too_big'),
    configId: z.string({ error: 'catalog.config_id_empty' }).trim().min(1, 'catalog.config_id_empty').max(64, 'validation.too_big'),
  })
  .strict();
export type AnnotationRuleInput = z.infer<typeof annotationRuleInput>;

export const richTextVersionInput = z
  .object({
    html: z.string({ error: 'catalog.rule_content_empty' }).min(1, 'catalog.rule_content_empty').max(500_000, 'validation.too_big'),
    note: z.string().trim().max(200).default(''),
  })
  .strict();

/** The seed's limit for a rule file. */
export const ruleFileMaxBytes = 10 * 1024 * 1024;

export interface RuleFile {
  fileId: string;
  fileName: string;
  size: number;
  sha256: string;
}

export type AnnotationRuleCreated = DomainEvent<'AnnotationRuleCreated', AnnotationRuleInput & { ruleId: string }>;
export type AnnotationRuleEdited = DomainEvent<'AnnotationRuleEdited', AnnotationRuleInput & { ruleId: string }>;
export type AnnotationRuleVersionAdded = DomainEvent<
  'AnnotationRuleVersionAdded',
  { ruleId: string; name: string; ruleVersion: number; note: string } & ({ kind: 'richtext'; html: string } | { kind: 'pdf'; file: RuleFile })
>;
export type AnnotationRuleDeleted = DomainEvent<'AnnotationRuleDeleted', { ruleId: string; name: string }>;
export type AnnotationRuleEvent = AnnotationRuleCreated | AnnotationRuleEdited | AnnotationRuleVersionAdded | AnnotationRuleDeleted;

export const annotationRuleStreamId = (ruleId: string): string => `annotationrule-${ruleId}`;
