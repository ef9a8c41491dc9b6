import { describe, expect, it } from 'vitest';
import { matchLanguage } from './language-match';
import { languages } from './languages';

describe(matchLanguage.name, () => {
  it('takes every code of the fourteen in any case, with a dash or an underscore', () => {
    for (const { code, tag } of languages) {
      expect(matchLanguage(code)).toBe(code);
      expect(matchLanguage(tag.toUpperCase())).toBe(code);
      expect(matchLanguage(code.toLowerCase())).toBe(code);
    }
  });

  it('takes a bare language or another region of it', () => {
    expect(matchLanguage('fr')).toBe('fr_FR');
    expect(matchLanguage('pt')).toBe('pt_BR');
    expect(matchLanguage('pt-PT')).toBe('pt_BR');
    expect(matchLanguage('ar')).toBe('ar_SA');
    expect(matchLanguage('ar-EG')).toBe('ar_SA');
    expect(matchLanguage('es-MX')).toBe('es_ES');
    expect(matchLanguage('en-GB')).toBe('en_US');
  });

  it('reads traditional script and the regions that write it as Traditional Chinese, all other Chinese as Simplified', () => {
    for (const value of ['zh-Hant', 'zh-HK', 'zh_TW', 'zh-MO', 'zh-Hant-HK']) expect(matchLanguage(value)).toBe('zh_TW');
    for (const value of ['zh', 'zh-Hans', 'zh-CN', 'zh-SG', 'zh-Hans-HK']) expect(matchLanguage(value)).toBe('zh_CN');
  });

  it('picks the most wanted of the fourteen from an Accept-Language list', () => {
    expect(matchLanguage('de-CH, fr;q=0.9, en;q=0.8')).toBe('de_DE');
    expect(matchLanguage('sv-SE, en;q=0.5, th;q=0.7')).toBe('th_TH');
    expect(matchLanguage('ko;q=0.2, hi-IN;q=0.9')).toBe('hi_IN');
    expect(matchLanguage('ja;q=0, *;q=0.5, vi')).toBe('vi_VN');
  });

  it('answers null for a language the platform does not speak', () => {
    for (const value of ['sv', 'xx_YY', '*', '', '  ', 'q=1', undefined, null]) expect(matchLanguage(value)).toBeNull();
  });
});
