// Renders a message key with its parameters in the caller's language.
import type { Language } from './language';
import { enUS } from './messages.en-US';
import { zhCN } from './messages.zh-CN';

const catalogues: Record<Language, Record<string, string>> = { zh_CN: zhCN, en_US: enUS };

const locales: Record<Language, string> = { zh_CN: 'zh-CN', en_US: 'en-US' };

/** A message with a count may have a form per plural category (`key.one`, `key.other`), chosen by the language's rules. */
function templateOf(language: Language, key: string, count: unknown): string | undefined {
  const catalogue = catalogues[language];
  if (typeof count === 'number') {
    const category = new Intl.PluralRules(locales[language]).select(count);
    const plural = catalogue[`${key}.${category}`] ?? catalogue[`${key}.other`];
    if (plural) return plural;
  }
  return catalogue[key];
}

export function translate(language: Language, key: string, params: Record<string, unknown> = {}): string {
  const template = templateOf(language, key, params.count) ?? templateOf('en_US', key, params.count) ?? key;
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === null) return '';
    // A parameter may itself be a message key, such as the name of a thing, or a list of them (said once each).
    const say = (part: unknown) => (typeof part === 'string' && catalogues[language][part] ? catalogues[language][part] : String(part));
    return Array.isArray(value) ? [...new Set(value.map(say))].join(language === 'zh_CN' ? '、' : ', ') : say(value);
  });
}

export function hasMessage(key: string): boolean {
  return key in enUS || `${key}.other` in enUS;
}
