// The fourteen languages of the seed's label set: one table the server and the console both derive from.

/** A language in the seed's pattern (`zh_CN`), as the languageType cookie and the language header carry it. */
export type LanguageCode =
  | 'zh_CN'
  | 'en_US'
  | 'fr_FR'
  | 'de_DE'
  | 'ko_KR'
  | 'ja_JP'
  | 'zh_TW'
  | 'vi_VN'
  | 'es_ES'
  | 'pt_BR'
  | 'it_IT'
  | 'ar_SA'
  | 'th_TH'
  | 'hi_IN';

export type TextDirection = 'ltr' | 'rtl';

export interface LanguageEntry {
  /** The seed's pattern, as stored in the cookie and sent in the header. */
  code: LanguageCode;
  /** The BCP 47 tag, for Intl, `lang` attributes and catalogue file names. */
  tag: string;
  /** The language's name in itself, as its readers look for it in a switcher. */
  name: string;
  direction: TextDirection;
}

// Brazilian Portuguese rather than European: the variant most Portuguese speakers read (docs/i18n/README.md).
export const languages: readonly LanguageEntry[] = [
  { code: 'zh_CN', tag: 'zh-CN', name: '简体中文', direction: 'ltr' },
  { code: 'en_US', tag: 'en-US', name: 'English', direction: 'ltr' },
  { code: 'fr_FR', tag: 'fr-FR', name: 'Français', direction: 'ltr' },
  { code: 'de_DE', tag: 'de-DE', name: 'Deutsch', direction: 'ltr' },
  { code: 'ko_KR', tag: 'ko-KR', name: '한국어', direction: 'ltr' },
  { code: 'ja_JP', tag: 'ja-JP', name: '日本語', direction: 'ltr' },
  { code: 'zh_TW', tag: 'zh-TW', name: '繁體中文', direction: 'ltr' },
  { code: 'vi_VN', tag: 'vi-VN', name: 'Tiếng Việt', direction: 'ltr' },
  { code: 'es_ES', tag: 'es-ES', name: 'Español', direction: 'ltr' },
  { code: 'pt_BR', tag: 'pt-BR', name: 'Português (Brasil)', direction: 'ltr' },
  { code: 'it_IT', tag: 'it-IT', name: 'Italiano', direction: 'ltr' },
  { code: 'ar_SA', tag: 'ar-SA', name: 'العربية', direction: 'rtl' },
  { code: 'th_TH', tag: 'th-TH', name: 'ไทย', direction: 'ltr' },
  { code: 'hi_IN', tag: 'hi-IN', name: 'हिन्दी', direction: 'ltr' },
];

/** Chinese is the seed's default and what an unknown language falls back to. */
export const defaultLanguageCode: LanguageCode = 'zh_CN';

export const languageCodes: readonly LanguageCode[] = languages.map((language) => language.code);
