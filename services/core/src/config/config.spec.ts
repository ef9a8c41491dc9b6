import { describe, expect, it } from 'vitest';
import { loadConfig, productionWarnings } from './config';

describe(loadConfig.name, () => {
  describe('passwordHashing', () => {
    it('hashes at the standard cost unless told otherwise', () => {
      expect(loadConfig({}).passwordHashing).toBe('standard');
    });

    it('takes the fast cost outside production', () => {
      expect(loadConfig({ PASSWORD_HASHING: 'fast', NODE_ENV: 'test' }).passwordHashing).toBe('fast');
    });

    it('refuses the fast cost in production', () => {
      expect(() => loadConfig({ PASSWORD_HASHING: 'fast', NODE_ENV: 'production' })).toThrow(/refused when NODE_ENV is production/);
    });

    it('refuses a cost it does not know', () => {
      expect(() => loadConfig({ PASSWORD_HASHING: 'cheap' })).toThrow(/standard or fast/);
    });
  });
});

describe(productionWarnings.name, () => {
  it('warns a production process started without SECRET_KEY', () => {
    expect(productionWarnings(loadConfig({ NODE_ENV: 'production' }))).toEqual([expect.stringMatching(/^SECRET_KEY is not set: .* set SECRET_KEY, the same for the API and every worker$/)]);
  });

  it('says nothing when SECRET_KEY is set, or outside production', () => {
    expect(productionWarnings(loadConfig({ NODE_ENV: 'production', SECRET_KEY: 'a1b2c3d4e5f6' }))).toEqual([]);
    expect(productionWarnings(loadConfig({ NODE_ENV: 'test' }))).toEqual([]);
    expect(productionWarnings(loadConfig({}))).toEqual([]);
  });
});
