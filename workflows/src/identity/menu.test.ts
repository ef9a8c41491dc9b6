import { describe, expect, it } from 'vitest';
import { type MenuItem, menuFor } from './menu';
import { manageableRoles, visibleRoles } from './people.policy';

const keys = (items: MenuItem[]): string[] => items.flatMap((item) => [item.key, ...keys(item.children ?? [])]);
const paths = (items: MenuItem[]): string[] => items.flatMap((item) => (item.children ? paths(item.children) : [item.path]));

describe(menuFor.name, () => {
  it('gives admins projects, every kind of personnel, configuration, the log and their own tools', () => {
    expect(keys(menuFor('01', false))).toEqual(
      expect.arrayContaining(['menu_new_project', 'menu_going_projects', 'menu_pms', 'menu_teams', 'menu_tool_config', 'menu_management_log', 'menu_audit', 'menu_mailbox']),
    );
  });
  it('gives PMs projects, personnel without PMs, configuration and the log, not the admin-only entries', () => {
    const pm = keys(menuFor('10', false));
    expect(pm).toEqual(expect.arrayContaining(['menu_going_projects', 'menu_taggers', 'menu_tool_config', 'menu_management_log']));
    expect(pm.filter((k) => ['menu_pms', 'menu_mailbox'].includes(k))).toEqual([]);
  });
  it('gives taggers, suppliers and clients their own areas only', () => {
    expect(paths(menuFor('40', false))).toEqual(['/tag/index', '/tag/going', '/tag/notice', '/document/manual']);
    expect(paths(menuFor('40', true))).toEqual(['/tag/index', '/tag/going']);
    expect(paths(menuFor('30', false))).toEqual(['/supplier/index', '/document/manual']);
    expect(paths(menuFor('30', true))).toEqual(['/supplier/index', '/supplier/tagger']);
    expect(paths(menuFor('50', false))).toEqual(['/checkout/index', '/document/manual']);
    expect(menuFor('99', false)).toEqual([]);
  });
  it('gives an auditor its projects to read as they were, their management log and the ledger checks, nothing to change', () => {
    expect(paths(menuFor('60', false))).toEqual(['/audit/projects', '/log/index', '/audit', '/document/manual']);
    expect(manageableRoles('60', false)).toEqual([]);
    expect(visibleRoles('10')).not.toContain('60');
  });
  it('drops the management log in a private deployment', () => {
    expect(keys(menuFor('01', true))).not.toContain('menu_management_log');
  });
  it('gives the admin document management, every role help documents filled by the console, and a private deployment neither', () => {
    expect(paths(menuFor('01', false))).toEqual(expect.arrayContaining(['/document/management', '/document/manual']));
    for (const role of ['10', '20', '30', '40', '50']) {
      expect(paths(menuFor(role, false))).not.toContain('/document/management');
      expect(menuFor(role, false).find((item) => item.key === 'menu_help_documents')).toEqual({ key: 'menu_help_documents', path: '/document/manual', fill: 'help_documents' });
    }
    for (const role of ['01', '10', '20', '30', '40', '50']) expect(paths(menuFor(role, true)).filter((path) => path.startsWith('/document'))).toEqual([]);
  });
  it('gives the admin announcements, the staff and taggers their notices, and hides both in a private deployment', () => {
    expect(paths(menuFor('01', false))).toEqual(expect.arrayContaining(['/notice/index', '/home/notice']));
    expect(paths(menuFor('10', false))).toContain('/home/notice');
    expect(paths(menuFor('10', false))).not.toContain('/notice/index');
    for (const role of ['01', '10', '40']) expect(paths(menuFor(role, true)).filter((path) => /notice/.test(path))).toEqual([]);
  });
  it('shows algorithms to the staff, their calls to the admin only, and hides both in a private deployment', () => {
    expect(paths(menuFor('01', false))).toEqual(expect.arrayContaining(['/algorithm/list', '/algorithm/call']));
    expect(paths(menuFor('10', false))).toContain('/algorithm/list');
    expect(paths(menuFor('10', false))).not.toContain('/algorithm/call');
    expect(paths(menuFor('01', true)).filter((path) => path.startsWith('/algorithm'))).toEqual([]);
    expect(paths(menuFor('40', false)).filter((path) => path.startsWith('/algorithm'))).toEqual([]);
  });
});

describe(visibleRoles.name, () => {
  it('lets admins see every role, PMs suppliers, taggers and acceptors, suppliers taggers, others nobody', () => {
    expect(visibleRoles('01')).toEqual(['01', '10', '20', '30', '40', '50', '60']);
    expect(visibleRoles('10')).toEqual(['30', '40', '50']);
    expect(visibleRoles('30')).toEqual(['40']);
    expect(visibleRoles('40')).toEqual([]);
    expect(visibleRoles('50')).toEqual([]);
  });
});

describe(manageableRoles.name, () => {
  it('lets admins manage every role, PMs suppliers, taggers and acceptors, suppliers taggers in private deployment', () => {
    expect(manageableRoles('01', false)).toEqual(['01', '10', '20', '30', '40', '50', '60']);
    expect(manageableRoles('20', false)).toEqual(['30', '40', '50']);
    expect(manageableRoles('30', false)).toEqual([]);
    expect(manageableRoles('30', true)).toEqual(['40']);
    expect(manageableRoles('40', true)).toEqual([]);
  });
});
