import { languageCodes } from '@annot/workflows';
import { describe, expect, it } from 'vitest';
import { catalogueProblems, catalogueSkeleton, uncountedNouns } from './catalogue-check';
import { catalogues } from './translate';

describe(catalogueProblems.name, () => {
  it.each(languageCodes)('finds nothing missing, empty, stray or misplaced in the %s messages', (language) => {
    expect(catalogueProblems(language)).toEqual([]);
  });

  describe('a broken catalogue', () => {
    // Broken from a complete one, so that these cases hold whatever the translations still lack.
    const french = () => catalogueSkeleton('fr_FR');

    it('finds nothing wrong with a complete catalogue', () => {
      expect(catalogueProblems('fr_FR', french())).toEqual([]);
      expect(catalogueProblems('ar_SA', catalogueSkeleton('ar_SA'))).toEqual([]);
    });

    it('names a missing and an empty message', () => {
      const broken = french();
      delete broken['errors.forbidden'];
      broken['errors.internal'] = '  ';
      expect(catalogueProblems('fr_FR', broken)).toEqual(['fr_FR errors.internal: missing or empty', 'fr_FR errors.forbidden: missing or empty']);
    });

    it('names a placeholder renamed or dropped', () => {
      const broken = { ...french(), 'errors.not_found': '{quoi} introuvable : {id}' };
      expect(catalogueProblems('fr_FR', broken)).toEqual(['fr_FR errors.not_found: placeholders {id},{quoi} instead of {id},{what}']);
    });

    it('asks a counted message for exactly the plural categories of the language', () => {
      const { 'items.result_invalid.many': _, ...withoutMany } = french();
      expect(catalogueProblems('fr_FR', withoutMany)).toEqual(['fr_FR items.result_invalid.many: missing or empty']);
      const japanese = { ...catalogueSkeleton('ja_JP'), 'items.result_invalid.one': '結果を保存できません：{count} 件の問題' };
      expect(catalogueProblems('ja_JP', japanese)).toEqual(['ja_JP items.result_invalid.one: not a key of the source for this language']);
    });

    it('lets a singular form say its number in words', () => {
      const worded = { ...catalogueSkeleton('en_US'), 'items.result_invalid.one': 'The result cannot be saved: one problem' };
      expect(catalogueProblems('en_US', worded)).toEqual([]);
    });
  });
});

describe(uncountedNouns.name, () => {
  it('finds every message that counts a noun given plural forms', () => {
    expect(uncountedNouns()).toEqual([]);
  });

  it('names a message that says a number before a plural noun, with or without a word between', () => {
    const english = { ...catalogues.en_US, 'x.levels': '{field} is nested deeper than {max} levels', 'x.marks': 'Rejected ({marks} error marks)', 'x.fine': '{name} is ready after {seconds} s' };
    expect(uncountedNouns(english)).toEqual(['x.levels: {field} is nested deeper than {max} levels', 'x.marks: Rejected ({marks} error marks)']);
  });
});
