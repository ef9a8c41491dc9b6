// Describes a management-log entry in the caller's language from its event type and summary.
import type { Language } from './language';
import { fieldLabel } from './field-label';
import { translate } from './translate';

const roleKey = (role: unknown) => `roles.r${String(role ?? '')}`;

export function describeOperation(language: Language, eventType: string, summary: Record<string, unknown>): string {
  const key = `ops.${eventType}`;
  const params: Record<string, unknown> = { ...summary };
  if ('role' in summary) params.role = roleKey(summary.role);
  // A quality gate's verdict or decision reads as a word of the caller's language.
  if (typeof summary.verdict === 'string') params.verdict = `ops.verdict_${summary.verdict}`;
  if (typeof summary.decision === 'string') params.decision = `ops.decision_${summary.decision}`;
  const definition = summary.definition as { name?: unknown } | undefined;
  if (definition && typeof definition === 'object' && params.name === undefined) params.name = definition.name;
  if (eventType === 'AccountEdited' && typeof summary.changes === 'object' && summary.changes) {
    params.fields = Object.keys(summary.changes).map(fieldLabel);
  }
  const described = translate(language, key, params);
  return described === key ? translate(language, 'ops.other', { type: eventType }) : described;
}
