// Which language a caller reads: the language header, else the languageType cookie, else Chinese.
export type Language = 'zh_CN' | 'en_US';
export const defaultLanguage: Language = 'zh_CN';

export function normalizeLanguage(value: string | undefined | null): Language | null {
  if (!value) return null;
  const v = value.trim().toLowerCase().replace('-', '_');
  if (v.startsWith('en')) return 'en_US';
  if (v.startsWith('zh')) return 'zh_CN';
  return null;
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
    normalizeLanguage(header('accept-language')?.split(',')[0]) ??
    defaultLanguage
  );
}
