// The validator's issues in the reader's words: its message keys end in a name the locale files know.
import type { TFunction } from 'i18next';
import { countedParams, type ResultIssue } from '@annot/workflows';

export function issueText(t: TFunction, issue: ResultIssue, attributeName?: string): string {
  const key = issue.messageKey.split('.').pop() ?? '';
  // The number the words count picks their plural form, as the server's message for the same key does.
  const count = Number(issue.params[countedParams[issue.messageKey] ?? 'count']);
  return t(`editor_issue_${key}`, { ...issue.params, ...(Number.isFinite(count) ? { count } : {}), name: attributeName ?? issue.params.name ?? '', defaultValue: t('editor_issue_other', { key: issue.messageKey }) });
}
