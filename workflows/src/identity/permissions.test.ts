import { describe, expect, it } from 'vitest';
import { type Action, can, isAction, permissions } from './permissions';
import { allRoles, Role } from './roles';

const allowed = (action: Action, privateDeployment = false) => allRoles.filter((role) => can(role, action, privateDeployment));

describe(can.name, () => {
  it('lets every signed-in role read projects, and only admins and PMs change them', () => {
    expect(allowed('project.read')).toEqual(allRoles);
    for (const action of ['project.create', 'project.edit', 'project.pause', 'project.finish', 'project.close', 'project.clone', 'batch.manage'] as const) {
      expect(allowed(action)).toEqual([Role.Admin, Role.Pm, Role.SeniorPm]);
    }
  });

  it('lets a supplier read its taggers everywhere and manage them only in a private deployment', () => {
    expect(can(Role.Supplier, 'people.read', false)).toBe(true);
    expect(can(Role.Supplier, 'people.manage', false)).toBe(false);
    expect(can(Role.Supplier, 'people.manage', true)).toBe(true);
    expect(can(Role.Tagger, 'people.read', true)).toBe(false);
  });

  it('keeps system health, the mailbox, PM accounts and sign-in links to admins', () => {
    for (const action of ['system.health', 'mailbox.read', 'people.pms', 'people.sign_in_link'] as const) expect(allowed(action, true)).toEqual([Role.Admin]);
  });

  it('gives taggers reading of projects, batches, the error marks and their own statistics, and the work on their items only, and clients their acceptance only, besides everyone\'s own messages', () => {
    const actions = Object.keys(permissions) as Action[];
    expect(actions.filter((action) => can(Role.Tagger, action, true))).toEqual(['project.read', 'batch.read', 'item.claim', 'item.work', 'item.annotate', 'item.list', 'item.read', 'sampling.inspect', 'catalog.marks.read', 'message.read', 'statistics.own']);
    expect(actions.filter((action) => can(Role.Client, action, true))).toEqual(['project.read', 'item.read', 'catalog.marks.read', 'acceptance.read', 'acceptance.accept', 'message.read']);
  });

  it('gives the staff the algorithm registry, its calls and their analysis, and starting, stopping and restarting calls to the admin only', () => {
    for (const action of ['algorithm.read', 'algorithm.manage'] as const) expect(allowed(action)).toEqual([Role.Admin, Role.Pm, Role.SeniorPm]);
    expect(allowed('algorithm.call')).toEqual([Role.Admin]);
    for (const action of ['algorithm.read', 'algorithm.manage', 'algorithm.call'] as const) expect(allowed(action, true)).toEqual([]);
  });

  it('never lets the staff in where the machines would refuse them: acceptance is the client\'s, work in hand the claimer\'s', () => {
    expect(allowed('acceptance.accept', true)).toEqual([Role.Client]);
    expect(allowed('item.annotate', true)).toEqual([Role.Tagger]);
    // Releasing a claim and rejecting in an inspection link are the staff's too, without holding the item.
    expect(allowed('item.work', true)).toEqual([Role.Admin, Role.Pm, Role.SeniorPm, Role.Tagger]);
  });

  it('refuses a caller without a role and a role it does not know', () => {
    expect(can(undefined, 'project.read', false)).toBe(false);
    expect(can('99', 'project.read', true)).toBe(false);
  });
});

describe('isAction', () => {
  it('recognises the project machine events that are actions, and nothing else', () => {
    expect(isAction('project.pause')).toBe(true);
    expect(isAction('project.mark_complete')).toBe(false);
    expect(isAction('toString')).toBe(false);
  });
});
