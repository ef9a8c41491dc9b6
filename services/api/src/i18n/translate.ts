// Renders a message key with its parameters in the caller's language.
import { countedParams, languages, readMessageRef } from '@annot/workflows';
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
import { wordedParams } from './worded-params';

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

/** The Intl helpers of each language, made once: plural rules, list joining, numbers and instants. */
const formats = Object.fromEntries(
  languages.map(({ code, tag }) => [
    code,
    {
      plural: new Intl.PluralRules(tag),
      list: new Intl.ListFormat(tag, { type: 'conjunction' }),
      // Grouped from five digits on, so that a line, frame or round number of four reads as written.
      number: new Intl.NumberFormat(tag, { maximumFractionDigits: 3, useGrouping: 'min2' }),
      // The server does not know the reader's time zone, so an instant is said in UTC and says so.
      instant: new Intl.DateTimeFormat(tag, { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'UTC', timeZoneName: 'short' }),
    },
  ]),
) as Record<Language, { plural: Intl.PluralRules; list: Intl.ListFormat; number: Intl.NumberFormat; instant: Intl.DateTimeFormat }>;

const isoInstant = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/** The CLDR plural categories a language has, each of which a counted message must give. */
export function pluralCategories(language: Language): Intl.LDMLPluralRule[] {
  return formats[language].plural.resolvedOptions().pluralCategories;
}

/**
 * A message with a count has a form per plural category (`key.one`, `key.other`), chosen by the language's rules from
 * its `count` or the parameter `countedParams` names; asked without a count, it says its `other` form.
 */
function templateOf(language: Language, key: string, params: Record<string, unknown>): string | undefined {
  const catalogue = catalogues[language];
  const given = params[countedParams[key] ?? 'count'];
  // A reference carries its values as text: a count of `3` counts as 3.
  const count = typeof given === 'string' && given.trim() !== '' ? Number(given) : given;
  if (typeof count === 'number' && Number.isFinite(count)) {
    const plural = catalogue[`${key}.${formats[language].plural.select(count)}`];
    if (plural) return plural;
  }
  return catalogue[key] ?? catalogue[`${key}.other`];
}

/**
 * A parameter as the language says it: a message key (or a message reference with its values) in its words, a number
 * in its digits, a list joined its way, an instant as its dates read.
 */
function say(language: Language, value: unknown): string {
  if (Array.isArray(value)) return formats[language].list.format([...new Set(value.map((part) => say(language, part)))]);
  if (typeof value === 'number') return formats[language].number.format(value);
  if (value instanceof Date) return formats[language].instant.format(value);
  if (typeof value === 'string' && isoInstant.test(value)) return formats[language].instant.format(new Date(value));
  if (typeof value === 'string') {
    const { key, params } = readMessageRef(value);
    const template = templateOf(language, key, params) ?? templateOf('en_US', key, params);
    return template === undefined ? value : fill(language, template, numbersOf(params));
  }
  return String(value);
}

// A reference carries its values as text (`line=3`): a whole number among them is said as a number, in the reader's digits.
const wholeNumber = /^(0|-?[1-9]\d{0,14})$/;
const numbersOf = (params: Record<string, string>): Record<string, unknown> =>
  Object.fromEntries(Object.entries(params).map(([name, value]) => [name, wholeNumber.test(value) ? Number(value) : value]));

function fill(language: Language, template: string, params: Record<string, unknown>): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    return value === undefined || value === null ? '' : say(language, value);
  });
}

/** A parameter naming a thing of the code becomes the key of its words, when the catalogue has them. */
function worded(key: string, params: Record<string, unknown>): Record<string, unknown> {
  const words = wordedParams[key];
  if (!words) return params;
  const named = (prefix: string, value: unknown) => (typeof value === 'string' && hasMessage(`${prefix}.${value}`) ? `${prefix}.${value}` : value);
  const result = { ...params };
  for (const [name, prefix] of Object.entries(words)) {
    const value = params[name];
    // The domain joins a list of names with commas; it is said again as a list of the reader's words.
    const list = Array.isArray(value) ? value : typeof value === 'string' && value.includes(', ') ? value.split(', ') : null;
    result[name] = list ? list.map((part) => named(prefix, part)) : named(prefix, value);
  }
  return result;
}

/** A missing message falls back to English, then to the key itself. */
export function translate(language: Language, key: string, given: Record<string, unknown> = {}): string {
  const params = worded(key, given);
  const template = templateOf(language, key, params) ?? templateOf('en_US', key, params) ?? key;
  return fill(language, template, params);
}

export function hasMessage(key: string): boolean {
  return key in enUS || `${key}.other` in enUS;
}
