import { describe, expect, it } from 'vitest';
import { isEmail, isPhone, isValidPassword } from './credentials.rules';
import { registerInput } from './auth.schemas';

describe(isValidPassword.name, () => {
  it.each([
    ['Annot@2026', true],
    ['abcd1234', true],
    ['12345678!', true],
    ['abcdefgh', false],
    ['12345678', false],
    ['Ab1!', false],
    ['Abcdefgh1234567', false],
    ['Annot 2026', false],
    ['Annot中文2026', false],
  ])('%s -> %s', (password, valid) => {
    expect(isValidPassword(password)).toBe(valid);
  });
});

describe('phones and emails', () => {
  it('accepts mainland mobiles and ordinary emails only', () => {
    expect([isPhone('13812345678'), isPhone('12812345678'), isPhone('1381234567')]).toEqual([true, false, false]);
    expect([isEmail('a.b@c.io'), isEmail('a@b'), isEmail('ab.c')]).toEqual([true, false, false]);
  });
});

describe('registerInput', () => {
  const form = { user_type: '10', country_id: '44', type: '1', name: 'Li', account: '13812345678', password: 'Annot@2026', repassword: 'Annot@2026', verification_code: '123456' };

  it('strips spaces from the organisation ID', () => {
    expect(registerInput.parse({ ...form, team_number: ' OR G 1 ' }).team_number).toBe('ORG1');
  });
  it('forces phone for country 44 and email for the others', () => {
    const issues = (input: object) => registerInput.safeParse(input).error?.issues.map((i) => i.message) ?? [];
    expect(issues({ ...form, type: '2', account: 'li@example.com' })).toEqual(['identity.country_phone_only']);
    expect(issues({ ...form, country_id: '12' })).toEqual(['identity.country_email_only']);
  });
});
