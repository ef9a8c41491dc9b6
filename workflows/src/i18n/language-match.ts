// Finds the language of the fourteen that a code, a bare language or an Accept-Language value asks for.
import { type LanguageCode, languages } from './languages';

/** A tag of one of the fourteen, lower-cased with dashes (`pt-br`), or a bare language (`pt`), to its code. */
const byTag = new Map<string, LanguageCode>();
for (const { code, tag } of languages) {
  byTag.set(tag.toLowerCase(), code);
  const bare = tag.split('-')[0].toLowerCase();
  // Chinese alone means the simplified script of the default; the first entry of a language wins otherwise.
  if (!byTag.has(bare)) byTag.set(bare, code);
}

/** Traditional script, or a region that writes it, reads Traditional Chinese; everything else Chinese reads Simplified. */
function chineseOf(subtags: string[]): LanguageCode {
  if (subtags.includes('hant')) return 'zh_TW';
  if (subtags.includes('hans')) return 'zh_CN';
  return subtags.some((subtag) => subtag === 'tw' || subtag === 'hk' || subtag === 'mo') ? 'zh_TW' : 'zh_CN';
}

/** One language range (`fr_FR`, `FR-ca`, `zh-Hant-HK`, `pt`) to its code, or null when none of the fourteen fits. */
function matchRange(range: string): LanguageCode | null {
  const subtags = range.trim().toLowerCase().replace(/_/g, '-').split('-').filter(Boolean);
  if (subtags.length === 0) return null;
  if (subtags[0] === 'zh') return chineseOf(subtags.slice(1));
  return byTag.get(subtags.slice(0, 2).join('-')) ?? byTag.get(subtags[0]) ?? null;
}

/** A language header, cookie value or Accept-Language list (q-weights honoured) to the best of the fourteen, or null. */
export function matchLanguage(value: string | undefined | null): LanguageCode | null {
  if (!value) return null;
  const ranges = value
    .split(',')
    .map((part, order) => {
      const [range, ...parameters] = part.split(';');
      const weight = parameters.map((p) => /^\s*q\s*=\s*([0-9.]+)\s*$/i.exec(p)).find(Boolean);
      return { range: range.trim(), q: weight ? Number(weight[1]) : 1, order };
    })
    .filter(({ range, q }) => range && range !== '*' && q > 0 && Number.isFinite(q))
    .sort((a, b) => b.q - a.q || a.order - b.order);
  for (const { range } of ranges) {
    const code = matchRange(range);
    if (code) return code;
  }
  return null;
}
