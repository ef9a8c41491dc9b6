// Renders a message key with its parameters in the caller's language.
import type { Language } from './language';
import { enUS } from './messages.en-US';
import { zhCN } from './messages.zh-CN';

const catalogues: Record<Language, Record<string, string>> = { zh_CN: zhCN, en_US: enUS };

export function translate(language: Language, key: string, params: Record<string, unknown> = {}): string {
  const template = catalogues[language][key] ?? catalogues.en_US[key] ?? key;
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === null) return '';
    // A parameter may itself be a message key, such as the name of a thing, or a list of them (said once each).
    const say = (part: unknown) => (typeof part === 'string' && catalogues[language][part] ? catalogues[language][part] : String(part));
    return Array.isArray(value) ? [...new Set(value.map(say))].join(language === 'zh_CN' ? '、' : ', ') : say(value);
  });
}

export function hasMessage(key: string): boolean {
  return key in enUS;
}
