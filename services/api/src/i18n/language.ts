// Which language a caller reads: the language header, else the languageType cookie, else Accept-Language, else Chinese.
import { defaultLanguageCode, type LanguageCode, matchLanguage } from '@annot/workflows';

/** One of the fourteen, in the seed's pattern (`zh_CN`, `pt_BR`); the table lives in the domain package. */
export type Language = LanguageCode;
export const defaultLanguage: Language = defaultLanguageCode;

/** Any case, dash or underscore, a bare language (`fr`), Chinese variants and Accept-Language lists; null when unknown. */
export function normalizeLanguage(value: string | undefined | null): Language | null {
  return matchLanguage(value);
}

export function languageOf(headers: Record<string, string | string[] | undefined>, cookies: Record<string, string> | undefined): Language {
  const header = (name: string) => {
    const value = headers[name];
    return Array.isArray(value) ? value[0] : value;
  };
  return (
    normalizeLanguage(header('x-language')) ??
    normalizeLanguage(header('language')) ??
    normalizeLanguage(header('lang')) ??
    normalizeLanguage(cookies?.languageType) ??
    normalizeLanguage(header('accept-language')) ??
    defaultLanguage
  );
}
