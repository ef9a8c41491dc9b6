// The validator's issues in the reader's words: its message keys end in a name the locale files know.
import type { TFunction } from 'i18next';
import type { ResultIssue } from '@annot/workflows';

export function issueText(t: TFunction, issue: ResultIssue, attributeName?: string): string {
  const key = issue.messageKey.split('.').pop() ?? '';
  return t(`editor_issue_${key}`, { ...issue.params, name: attributeName ?? issue.params.name ?? '', defaultValue: t('editor_issue_other', { key: issue.messageKey }) });
}
