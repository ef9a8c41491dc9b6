// Refusals (a field's, a role's, an import's lines) arrive in each of the fourteen languages, asked by the language
// header, the languageType cookie or Accept-Language; a language the platform does not speak gets Chinese.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { languages, permissions } from '@annot/workflows';
import { fieldLabel } from '../../services/api/src/i18n/field-label';
import type { Language } from '../../services/api/src/i18n/language';
import { translate } from '../../services/api/src/i18n/translate';
import { createPerson } from '../support/people';
import { call, startPlatform, type Platform } from '../support/platform';
import { signIn, signInAdmin } from '../support/sign-in';

describe('languages', () => {
  let platform: Platform;
  let admin: string;
  let client: string;
  beforeAll(async () => {
    platform = await startPlatform({ worker: false });
    admin = await signInAdmin(platform);
    await createPerson(platform, admin, { role: '50', name: 'Client', account: 'client@example.com', password: 'Client@123' });
    client = await signIn(platform, 'client@example.com', 'Client@123', 3);
  });
  afterAll(async () => platform.stop());

  /** What the catalogue says for three refusals: a page size below one, a client reading the ledger verifications, an empty tool file. */
  const expected = (language: Language) => ({
    validation: translate(language, 'errors.validation_failed'),
    field: translate(language, 'validation.too_small', { field: fieldLabel('limit') }),
    forbidden: translate(language, 'errors.forbidden_roles', { roles: permissions['audit.read'].roles.map((role) => `roles.r${role}`) }),
    importFailed: translate(language, 'catalog.import_failed'),
    importLine: translate(language, 'catalog.import_empty'),
  });

  const refusals = async (headers: Record<string, string>) => {
    const tooSmall = await call(platform, 'GET', '/manage/audits?limit=0', { token: admin, headers });
    const forbidden = await call(platform, 'GET', '/manage/audits', { token: client, headers });
    const empty = await call<{ errors: string[] }>(platform, 'POST', '/manage/tools/import', { token: admin, body: { content: '' }, headers });
    expect([tooSmall.status, tooSmall.body.errCode, forbidden.status, forbidden.body.errCode, empty.body.errCode]).toEqual([400, 'VALIDATION_FAILED', 403, 'FORBIDDEN', 'IMPORT_FAILED']);
    return {
      validation: tooSmall.body.message,
      field: tooSmall.body.data.fields[0].message,
      forbidden: forbidden.body.message,
      importFailed: empty.body.message,
      importLine: empty.body.data.errors.join('\n'),
    };
  };

  const chinese = expected('zh_CN');

  it.each(languages.map(({ code, tag }) => ({ code, tag })))('answers in $code when the header, the cookie or Accept-Language names it', async ({ code, tag }) => {
    const wanted = expected(code);
    expect(await refusals({ 'x-language': code })).toEqual(wanted);
    expect(await refusals({ cookie: `languageType=${code}` })).toEqual(wanted);
    expect(await refusals({ 'accept-language': `sv;q=0.9, ${tag}` })).toEqual(wanted);
  });

  /** The catalogue entries each refusal is made of. */
  const parts = {
    validation: ['errors.validation_failed'],
    field: ['validation.too_small', 'fields.limit'],
    forbidden: ['errors.forbidden_roles', ...permissions['audit.read'].roles.map((role) => `roles.r${role}`)],
    importFailed: ['catalog.import_failed'],
    importLine: ['catalog.import_empty'],
  };

  it.each(languages.filter(({ code }) => code !== 'zh_CN').map(({ code }) => code))('says each refusal in %s otherwise than in Chinese, unless its catalogue words it the same', (code) => {
    const wanted = expected(code);
    for (const [part, keys] of Object.entries(parts) as [keyof typeof parts, string[]][]) {
      const sameWords = keys.every((key) => translate(code, key) === translate('zh_CN', key));
      expect(wanted[part] === chinese[part], `${code} ${part}: ${wanted[part]}`).toBe(sameWords);
    }
  });

  it('answers a language it does not speak, or none, in Chinese', async () => {
    expect(await refusals({ 'x-language': 'sv_SE' })).toEqual(chinese);
    expect(await refusals({ cookie: 'languageType=xx_YY' })).toEqual(chinese);
    expect(await refusals({})).toEqual(chinese);
  });
});
