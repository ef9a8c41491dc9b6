// What is wrong with a language's server catalogue, measured against the Chinese source and the language's plural rules.
import type { Language } from './language';
import { catalogues, pluralCategories } from './translate';

const placeholdersOf = (text: string) => [...new Set([...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]))].sort();

/** Counted messages: English says `.one` apart from `.other` for every one of them. */
function countedKeys(): Set<string> {
  return new Set(Object.keys(catalogues.en_US).filter((key) => key.endsWith('.one')).map((key) => key.slice(0, -'.one'.length)));
}

/** Each key the language must give, with the Chinese text whose placeholders it must keep. */
function expectedKeys(language: Language): Map<string, string> {
  const source = catalogues.zh_CN;
  const counted = countedKeys();
  const expected = new Map<string, string>();
  for (const [key, text] of Object.entries(source)) {
    const base = key.replace(/\.other$/, '');
    if (key.endsWith('.other') && counted.has(base)) {
      for (const category of pluralCategories(language)) expected.set(`${base}.${category}`, text);
    } else {
      expected.set(key, text);
    }
  }
  return expected;
}

/** A catalogue with every key the language must give, each holding its Chinese source: the shape a translation fills. */
export function catalogueSkeleton(language: Language): Record<string, string> {
  return Object.fromEntries(expectedKeys(language));
}

/** One line per problem: a key missing or empty, a key the source does not have, or placeholders other than the source's. */
export function catalogueProblems(language: Language, catalogue: Record<string, string> = catalogues[language]): string[] {
  const expected = expectedKeys(language);
  const problems: string[] = [];
  for (const [key, source] of expected) {
    const text = catalogue[key];
    if (typeof text !== 'string' || text.trim() === '') {
      problems.push(`${language} ${key}: missing or empty`);
      continue;
    }
    const wanted = placeholdersOf(source);
    const found = placeholdersOf(text);
    // A singular or dual form may say its number in words ("one problem") instead of {count}.
    const wordedCount = !key.endsWith('.other') && /\.(zero|one|two)$/.test(key) && !found.includes('count');
    const compared = wordedCount ? wanted.filter((name) => name !== 'count') : wanted;
    if (compared.join(',') !== found.join(',')) problems.push(`${language} ${key}: placeholders {${found.join('},{')}} instead of {${compared.join('},{')}}`);
  }
  for (const key of Object.keys(catalogue)) if (!expected.has(key)) problems.push(`${language} ${key}: not a key of the source for this language`);
  return problems;
}

// Words after a number that are not a noun it counts: verbs, function words and units written the same for any number.
const notCounted = new Set(
  'is was has does goes comes lies says needs uses holds keeps takes gives reads belongs matches reaches contains exists its this as of in and or to for at on with from by the a an than not no its is s ms px'.split(' '),
);
const plural = (word: string) => /^[a-z]{3,}s$/.test(word) && !notCounted.has(word);

/**
 * English messages that say a number before a noun in the plural ("{max} levels", "{marks} error marks") without
 * plural forms: "1 levels" in English, and the wrong form in every language with more than one.
 */
export function uncountedNouns(english: Record<string, string> = catalogues.en_US): string[] {
  const counted = new Set(Object.keys(english).filter((key) => key.endsWith('.one')).map((key) => key.slice(0, -'.one'.length)));
  return Object.entries(english)
    .filter(([key]) => !counted.has(key.replace(/\.(one|other)$/, '')))
    .filter(([, text]) =>
      [...text.matchAll(/\{\w+\} ([a-z]+)(?: ([a-z]+))?/g)].some(([, first, second]) => !notCounted.has(first) && (plural(first) || (second !== undefined && plural(second)))),
    )
    .map(([key, text]) => `${key}: ${text}`);
}
