// i18next with Chinese (default) and English; the choice lives in the languageType cookie and local storage `lang`.
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import enUS from '@/locales/en-US.json';
import zhCN from '@/locales/zh-CN.json';
import { readCookie, writeCookie } from './cookies';

export type UiLanguage = 'zh-CN' | 'en-US';
export const languages: { code: UiLanguage; label: string }[] = [
  { code: 'zh-CN', label: '中文' },
  { code: 'en-US', label: 'English' },
];

function initialLanguage(): UiLanguage {
  const stored = readCookie('languageType') ?? localStorage.getItem('lang');
  return stored === 'en_US' || stored === 'en-US' ? 'en-US' : 'zh-CN';
}

export const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  resources: { 'zh-CN': { translation: zhCN }, 'en-US': { translation: enUS } },
  lng: initialLanguage(),
  fallbackLng: 'zh-CN',
  interpolation: { escapeValue: false },
});

export function setLanguage(language: UiLanguage): void {
  const apiValue = language === 'en-US' ? 'en_US' : 'zh_CN';
  writeCookie('languageType', apiValue);
  localStorage.setItem('lang', apiValue);
  document.documentElement.lang = language;
  void i18n.changeLanguage(language);
}

/** The server's spelling of the current language, sent with every request. */
export function currentApiLanguage(): 'zh_CN' | 'en_US' {
  return i18n.language === 'en-US' ? 'en_US' : 'zh_CN';
}
