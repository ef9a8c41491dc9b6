import { describe, expect, it } from 'vitest';
import { languages } from '../i18n/languages';
import { countries } from './countries';

describe('countries', () => {
  it('gives each country its own ISO region, which Intl names in each of the fourteen languages', () => {
    expect(new Set(countries.map((c) => c.region)).size).toBe(countries.length);
    for (const { tag } of languages) {
      const names = new Intl.DisplayNames([tag], { type: 'region', fallback: 'none' });
      for (const country of countries) expect(names.of(country.region), `${tag} ${country.region}`).toBeTruthy();
    }
  });

  it('has the region that Intl calls by the country\'s English name', () => {
    const english = new Intl.DisplayNames(['en'], { type: 'region' });
    // Intl's English names of these two differ from the seed's.
    const renamed: Record<string, string> = { MM: 'Myanmar (Burma)', TR: 'Türkiye' };
    for (const country of countries) expect(english.of(country.region), country.name).toBe(renamed[country.region] ?? country.name);
  });
});
