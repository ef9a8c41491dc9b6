import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

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
