import { describe, expect, it } from 'vitest';
import { languageOf } from './language';
import { translate } from './translate';

describe(translate.name, () => {
  it('fills parameters and translates a parameter that is itself a message key', () => {
    expect(translate('en_US', 'errors.not_found', { what: 'things.audit', id: 'x' })).toBe('Ledger verification not found: x');
    expect(translate('zh_CN', 'errors.not_found', { what: 'things.audit', id: 'x' })).toBe('未找到账本校验：x');
  });
  it('chooses the plural form of a counted message by the language\'s rules', () => {
    expect(translate('en_US', 'tasks.result_incomplete', { count: 1 })).toBe('The result cannot be submitted: 1 problem');
    expect(translate('en_US', 'tasks.result_incomplete', { count: 3 })).toBe('The result cannot be submitted: 3 problems');
    expect(translate('zh_CN', 'tasks.result_incomplete', { count: 1 })).toBe('结果无法提交：1 个问题');
  });
  it('answers with the key when no language knows it', () => {
    expect(translate('zh_CN', 'no.such.key')).toBe('no.such.key');
  });
});

describe(languageOf.name, () => {
  it('prefers the language header, then the languageType cookie, then Chinese', () => {
    expect(languageOf({ 'x-language': 'en_US' }, { languageType: 'zh_CN' })).toBe('en_US');
    expect(languageOf({}, { languageType: 'en_US' })).toBe('en_US');
    expect(languageOf({ 'accept-language': 'en-GB,en;q=0.9' }, {})).toBe('en_US');
    expect(languageOf({}, {})).toBe('zh_CN');
  });
});
