import { describe, expect, it } from 'vitest';
import { announcementInput, announcementScope, inScope } from './announcement.schemas';

const team = '00000000-0000-4000-8000-00000000007e';
const other = '00000000-0000-4000-8000-00000000007f';
const person = '00000000-0000-4000-8000-000000000001';
const tagger = { accountId: person, role: '40', teamId: team };

describe('announcementScope', () => {
  it('takes everyone, or chosen roles, teams and people sorted without repeats', () => {
    expect(announcementScope.parse({ everyone: true })).toEqual({ everyone: true });
    expect(announcementScope.parse({ roles: ['50', '40', '40'], teamIds: [other, team] })).toEqual({ roles: ['40', '50'], teamIds: [team, other], accountIds: [] });
  });
  it('refuses a chosen scope with nobody in it, an unknown role, and everyone set to false', () => {
    expect(announcementScope.safeParse({ roles: [], teamIds: [], accountIds: [] }).success).toBe(false);
    expect(announcementScope.safeParse({ roles: ['99'] }).success).toBe(false);
    expect(announcementScope.safeParse({ everyone: false }).success).toBe(false);
  });
});

describe('announcementInput', () => {
  it('needs a title and keeps the content as sent (the server sanitizes it)', () => {
    expect(announcementInput.safeParse({ title: ' ', content: '', scope: { everyone: true } }).success).toBe(false);
    expect(announcementInput.parse({ title: ' Hi ', content: '<p>x</p>', scope: { everyone: true } })).toEqual({ title: 'Hi', content: '<p>x</p>', scope: { everyone: true } });
  });
});

describe('inScope', () => {
  it('lets everyone in a scope for everyone', () => {
    expect(inScope({ everyone: true }, { accountId: person, role: '50', teamId: null })).toBe(true);
  });
  it('lets in a reader of a chosen role, team or person, and nobody else', () => {
    const scope = (s: Partial<{ roles: ('40' | '50')[]; teamIds: string[]; accountIds: string[] }>) => ({ roles: [], teamIds: [], accountIds: [], ...s });
    expect(inScope(scope({ roles: ['40'] }), tagger)).toBe(true);
    expect(inScope(scope({ roles: ['50'] }), tagger)).toBe(false);
    expect(inScope(scope({ teamIds: [team] }), tagger)).toBe(true);
    expect(inScope(scope({ teamIds: [other] }), tagger)).toBe(false);
    expect(inScope(scope({ teamIds: [team] }), { ...tagger, teamId: null })).toBe(false);
    expect(inScope(scope({ accountIds: [person] }), { ...tagger, teamId: null })).toBe(true);
    expect(inScope(scope({ accountIds: [other] }), tagger)).toBe(false);
  });
});
