// Every one of the fourteen languages has every console string: none missing or empty, the same placeholders as the
// Chinese source, and each counted string in exactly the plural forms its language has.
import { languages } from '@annot/workflows';
import { describe, expect, it } from 'vitest';

type Catalogue = Record<string, unknown>;
const catalogues = import.meta.glob<Catalogue>('./*.json', { eager: true, import: 'default' });
const source = catalogues['./zh-CN.json'] as Record<string, string>;
const english = catalogues['./en-US.json'] as Record<string, string>;

const categories = ['zero', 'one', 'two', 'few', 'many', 'other'] as const;
// A counted string is one English writes in its singular and plural; the Chinese source has its one form, `_other`.
const counted = Object.keys(english)
  .filter((key) => key.endsWith('_one') && `${key.slice(0, -4)}_other` in english)
  .map((key) => key.slice(0, -4));
const countedKeys = new Set(counted.flatMap((base) => categories.map((category) => `${base}_${category}`)));
// i18next takes `_zero` for a count of 0 in any language, so a string the source says apart for none keeps it.
const saysNone = new Set(counted.filter((base) => `${base}_zero` in english));
const plain = Object.keys(source).filter((key) => !countedKeys.has(key));

const placeholders = (text: string) => [...new Set([...text.matchAll(/\{\{\s*([^},\s]+)[^}]*\}\}/g)].map((match) => match[1]))].sort();
const pluralForms = (tag: string) => new Intl.PluralRules(tag).resolvedOptions().pluralCategories as string[];

describe('console catalogues', () => {
  it('has a catalogue for each of the fourteen languages', () => {
    expect(languages.map((language) => `./${language.tag}.json` in catalogues)).toEqual(languages.map(() => true));
  });

  describe.each(languages.map((language) => [language.tag]))('%s', (tag) => {
    const catalogue = () => {
      const found = catalogues[`./${tag}.json`];
      if (!found) throw new Error(`console/src/locales/${tag}.json is missing`);
      return found;
    };

    it('has every string of the source, none empty, and nothing else', () => {
      const strings = catalogue();
      const missing = plain.filter((key) => typeof strings[key] !== 'string' || (strings[key] as string).trim() === '');
      const forms = new Set(pluralForms(tag));
      const expected = new Set([...plain, ...counted.flatMap((base) => categories.filter((c) => forms.has(c) || (c === 'zero' && saysNone.has(base))).map((c) => `${base}_${c}`))]);
      const unknown = Object.keys(strings).filter((key) => !expected.has(key));
      expect({ missing, unknown }).toEqual({ missing: [], unknown: [] });
    });

    it('keeps the placeholders of the Chinese source', () => {
      const strings = catalogue();
      const differing = plain
        .filter((key) => typeof strings[key] === 'string' && placeholders(strings[key] as string).join() !== placeholders(source[key]).join())
        .map((key) => `${key}: ${placeholders(strings[key] as string).join()} instead of ${placeholders(source[key]).join()}`);
      expect(differing).toEqual([]);
    });

    it("writes each counted string in exactly its language's plural forms, each with the source's placeholders", () => {
      const strings = catalogue();
      const forms = pluralForms(tag);
      const wrong: string[] = [];
      for (const base of counted) {
        const wanted = categories.filter((c) => forms.includes(c) || (c === 'zero' && saysNone.has(base)));
        const present = categories.filter((c) => `${base}_${c}` in strings);
        if (present.join() !== wanted.join()) wrong.push(`${base}: has ${present.join()} instead of ${wanted.join()}`);
        const names = placeholders(source[`${base}_other`]);
        for (const c of present) {
          const text = strings[`${base}_${c}`];
          if (typeof text !== 'string' || text.trim() === '') wrong.push(`${base}_${c}: empty`);
          else {
            // A form for none, one or two may say the number in words instead of writing the count.
            const own = placeholders(text);
            const expected = ['zero', 'one', 'two'].includes(c) && !own.includes('count') ? names.filter((name) => name !== 'count') : names;
            if (own.join() !== expected.join()) wrong.push(`${base}_${c}: ${own.join()} instead of ${expected.join()}`);
          }
        }
      }
      expect(wrong).toEqual([]);
    });
  });
});

// Words after a number that are not a noun it counts: verbs, function words and units written the same for any number.
const notCounted = new Set('is was has does goes comes lies says needs uses holds keeps takes gives reads belongs matches contains exists its this as of in and or to for at on with from by the a an than not no s ms px fps'.split(' '));
const pluralNoun = (word: string | undefined) => word !== undefined && /^[a-z]{3,}s$/.test(word) && !notCounted.has(word);

describe('English strings that count', () => {
  it('have plural forms wherever a number stands before a noun in the plural ("{{max}} points", "{{marks}} error marks")', () => {
    const uncounted = Object.entries(english)
      .filter(([key]) => !countedKeys.has(key))
      .filter(([, text]) => [...text.matchAll(/\{\{\s*\w+\s*\}\} ([a-z]+)(?: ([a-z]+))?/g)].some(([, first, second]) => !notCounted.has(first) && (pluralNoun(first) || pluralNoun(second))))
      .map(([key, text]) => `${key}: ${text}`);
    expect(uncounted).toEqual([]);
  });
});
