// The validator's issues in the reader's words, each with the plural form its number asks for in the language.
import { afterEach, describe, expect, it } from 'vitest';
import type { ResultIssue } from '@annot/workflows';
import { i18n, setLanguage } from '@/lib/i18n';
import { issueText } from './issue-text';

const issue = (messageKey: string, params: ResultIssue['params']): ResultIssue => ({ objectId: 'a', messageKey, params });

afterEach(() => setLanguage('zh-CN'));

describe(issueText.name, () => {
  it('counts with the number the message names, not only with `count`', async () => {
    await setLanguage('en-US');
    expect(issueText(i18n.t, issue('items.result.polygon_points', { min: 1 }))).toBe('A polygon needs at least 1 point');
    expect(issueText(i18n.t, issue('items.result.polygon_points', { min: 3 }))).toBe('A polygon needs at least 3 points');
    expect(issueText(i18n.t, issue('items.result.chars_too_many', { max: 1 }), 'Plate')).toBe('Plate takes at most 1 character');
  });

  it('takes Arabic’s dual and its plural of three to ten', async () => {
    await setLanguage('ar-SA');
    expect(issueText(i18n.t, issue('items.result.polygon_points', { min: 2 }))).toBe('يحتاج المضلّع إلى ٢ نقطتين على الأقل');
    expect(issueText(i18n.t, issue('items.result.polygon_points', { min: 3 }))).toBe('يحتاج المضلّع إلى ٣ نقاط على الأقل');
  });
});
