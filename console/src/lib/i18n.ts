// i18next over the seed's fourteen languages: Chinese (the default) ships with the first load, every other language's
// strings come in a chunk of their own before they show; the choice lives in the languageType cookie and local `lang`.
import { languages as table, type LanguageCode, type LanguageEntry, type TextDirection } from '@annot/workflows';
import i18next, { type FormatterModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import zhCN from '@/locales/zh-CN.json';
import { readCookie, writeCookie } from './cookies';

type TagOf<Code extends string> = Code extends `${infer Language}_${infer Region}` ? `${Language}-${Region}` : never;
/** A language as i18next, Intl and the `lang` attribute name it: the seed's code with a dash (`fr-FR`). */
export type UiLanguage = TagOf<LanguageCode>;
export interface ConsoleLanguage extends LanguageEntry {
  tag: UiLanguage;
}

const defaultLanguage: UiLanguage = 'zh-CN';
type Catalogue = Record<string, string>;
// Every catalogue but the default one is its own chunk, fetched the first time its language is chosen.
const loaders = import.meta.glob<Catalogue>(['../locales/*.json', '!../locales/zh-CN.json'], { import: 'default' });
const loaderOf = (tag: string) => loaders[`../locales/${tag}.json`];

/** The languages the switcher offers, each in its own name: those whose strings the console carries. */
export const languages = (table as readonly ConsoleLanguage[]).filter((language) => language.tag === defaultLanguage || loaderOf(language.tag));

const byStoredValue = (value: string | null) => languages.find((language) => language.code === value || language.tag === value);

function initialLanguage(): ConsoleLanguage {
  return byStoredValue(readCookie('languageType')) ?? byStoredValue(localStorage.getItem('lang')) ?? languages[0];
}

// A number a sentence counts or names (12 items, round 2, 29.97 fps) in the language's own digits and decimal sign, as
// Intl writes every other number: Arabic's are ١٢; ungrouped, so an id or a version reads as it did.
const sentenceNumbers = new Map<string, Intl.NumberFormat>();
const digitsOf = (tag: string = defaultLanguage) =>
  sentenceNumbers.get(tag) ?? sentenceNumbers.set(tag, new Intl.NumberFormat(tag, { useGrouping: false, maximumFractionDigits: 3 })).get(tag)!;
const ownDigits: FormatterModule = {
  type: 'formatter',
  init: () => undefined,
  add: () => undefined,
  addCached: () => undefined,
  format: (value: unknown, _format, tag) => (typeof value === 'number' && Number.isFinite(value) ? digitsOf(tag).format(value) : (value as string)),
};

export const i18n = i18next.createInstance();
void i18n
  .use(initReactI18next)
  .use(ownDigits)
  .init({
    resources: { [defaultLanguage]: { translation: zhCN } },
    lng: defaultLanguage,
    fallbackLng: defaultLanguage,
    interpolation: { escapeValue: false, alwaysFormat: true },
  });

const current = (): ConsoleLanguage => languages.find((language) => language.tag === i18n.language) ?? languages[0];

/** Which way the current language reads; the editor's stage stays left to right whatever it is. */
export const currentDirection = (): TextDirection => current().direction;

function markDocument(): void {
  const { tag, direction } = current();
  document.documentElement.lang = tag;
  document.documentElement.dir = direction;
}
i18n.on('languageChanged', markDocument);

/** Fetches a language's strings once; the default language's are already there. */
export async function loadLanguage(tag: UiLanguage): Promise<void> {
  if (i18n.hasResourceBundle(tag, 'translation')) return;
  const load = loaderOf(tag);
  if (load) i18n.addResourceBundle(tag, 'translation', await load());
}

/**
 * Shows the console in `tag` once its strings have arrived (at once when they already have, so nothing ever shows a
 * key), and keeps the choice for the server and the next visit.
 */
export async function setLanguage(tag: UiLanguage): Promise<void> {
  const language = languages.find((l) => l.tag === tag) ?? languages[0];
  if (!i18n.hasResourceBundle(language.tag, 'translation')) await loadLanguage(language.tag);
  writeCookie('languageType', language.code);
  localStorage.setItem('lang', language.code);
  void i18n.changeLanguage(language.tag);
}

/** Resolves once the stored language's strings are there: the console renders after it, in that language. */
export const i18nReady: Promise<void> = loadLanguage(initialLanguage().tag).then(
  () => void i18n.changeLanguage(initialLanguage().tag),
  // A chunk that cannot be fetched leaves the console in Chinese rather than blank.
  () => markDocument(),
);

/** The server's spelling of the current language, sent with every request. */
export function currentApiLanguage(): LanguageCode {
  return current().code;
}
