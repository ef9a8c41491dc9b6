// Renders a message key with its parameters in the caller's language.
import { languages } from '@annot/workflows';
import type { Language } from './language';
import { arSA } from './messages.ar-SA';
import { deDE } from './messages.de-DE';
import { enUS } from './messages.en-US';
import { esES } from './messages.es-ES';
import { frFR } from './messages.fr-FR';
import { hiIN } from './messages.hi-IN';
import { itIT } from './messages.it-IT';
import { jaJP } from './messages.ja-JP';
import { koKR } from './messages.ko-KR';
import { ptBR } from './messages.pt-BR';
import { thTH } from './messages.th-TH';
import { viVN } from './messages.vi-VN';
import { zhCN } from './messages.zh-CN';
import { zhTW } from './messages.zh-TW';

export const catalogues: Record<Language, Record<string, string>> = {
  zh_CN: zhCN,
  en_US: enUS,
  fr_FR: frFR,
  de_DE: deDE,
  ko_KR: koKR,
  ja_JP: jaJP,
  zh_TW: zhTW,
  vi_VN: viVN,
  es_ES: esES,
  pt_BR: ptBR,
  it_IT: itIT,
  ar_SA: arSA,
  th_TH: thTH,
  hi_IN: hiIN,
};

/** The Intl helpers of each language, made once: plural rules, list joining and numbers. */
const formats = Object.fromEntries(
  languages.map(({ code, tag }) => [
    code,
    {
      plural: new Intl.PluralRules(tag),
      list: new Intl.ListFormat(tag, { type: 'conjunction' }),
      number: new Intl.NumberFormat(tag, { maximumFractionDigits: 3 }),
    },
  ]),
) as Record<Language, { plural: Intl.PluralRules; list: Intl.ListFormat; number: Intl.NumberFormat }>;

/** The CLDR plural categories a language has, each of which a counted message must give. */
export function pluralCategories(language: Language): Intl.LDMLPluralRule[] {
  return formats[language].plural.resolvedOptions().pluralCategories;
}

/** A message with a count has a form per plural category (`key.one`, `key.other`), chosen by the language's rules. */
function templateOf(language: Language, key: string, count: unknown): string | undefined {
  const catalogue = catalogues[language];
  if (typeof count === 'number') {
    const plural = catalogue[`${key}.${formats[language].plural.select(count)}`] ?? catalogue[`${key}.other`];
    if (plural) return plural;
  }
  return catalogue[key];
}

/** A parameter as the language says it: a message key in its words, a number in its digits, a list joined its way. */
function say(language: Language, value: unknown): string {
  if (Array.isArray(value)) return formats[language].list.format([...new Set(value.map((part) => say(language, part)))]);
  if (typeof value === 'number') return formats[language].number.format(value);
  if (typeof value === 'string') return catalogues[language][value] ?? catalogues.en_US[value] ?? value;
  return String(value);
}

/** A missing message falls back to English, then to the key itself. */
export function translate(language: Language, key: string, params: Record<string, unknown> = {}): string {
  const template = templateOf(language, key, params.count) ?? templateOf('en_US', key, params.count) ?? key;
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    return value === undefined || value === null ? '' : say(language, value);
  });
}

export function hasMessage(key: string): boolean {
  return key in enUS || `${key}.other` in enUS;
}
