import { describe, expect, it } from 'vitest';
import { type MenuItem, menuFor } from './menu';
import { manageableRoles } from './people.policy';

const keys = (items: MenuItem[]): string[] => items.flatMap((item) => [item.key, ...keys(item.children ?? [])]);

describe(menuFor.name, () => {
  it('gives admins everything, PM management and the admin-only entries included', () => {
    const admin = keys(menuFor('01', false));
    expect(admin).toEqual(expect.arrayContaining(['menu_pms', 'menu_algorithm_call', 'menu_announcements', 'menu_documents', 'menu_management_log']));
  });
  it('gives PMs projects, personnel without PMs, configuration, algorithms and logs', () => {
    const pm = keys(menuFor('10', false));
    expect(pm).toEqual(expect.arrayContaining(['menu_going_projects', 'menu_taggers', 'menu_tool_config', 'menu_algorithm_list', 'menu_management_log']));
    expect(pm).not.toEqual(expect.arrayContaining(['menu_pms']));
    expect(pm.filter((k) => ['menu_algorithm_call', 'menu_announcements', 'menu_documents'].includes(k))).toEqual([]);
  });
  it('gives taggers, suppliers and clients their own areas only', () => {
    expect(menuFor('40', false).map((m) => m.path)).toEqual(['/tag/index', '/tag/going']);
    expect(menuFor('30', false).map((m) => m.key)).toEqual(['menu_projects']);
    expect(menuFor('30', true).map((m) => m.key)).toEqual(['menu_projects', 'menu_taggers']);
    expect(menuFor('50', false).map((m) => m.path)).toEqual(['/checkout/index']);
  });
  it('drops algorithms, announcements, logs, documents and help in a private deployment', () => {
    const hidden = ['menu_algorithms', 'menu_announcements', 'menu_management_log', 'menu_documents', 'menu_help'];
    expect(keys(menuFor('01', true)).filter((k) => hidden.includes(k))).toEqual([]);
  });
});

describe(manageableRoles.name, () => {
  it('lets admins manage every role, PMs suppliers, taggers and acceptors, suppliers taggers in private deployment', () => {
    expect(manageableRoles('01', false)).toHaveLength(6);
    expect(manageableRoles('20', false)).toEqual(['30', '40', '50']);
    expect(manageableRoles('30', false)).toEqual([]);
    expect(manageableRoles('30', true)).toEqual(['40']);
    expect(manageableRoles('40', true)).toEqual([]);
  });
});
