// The side menu of each role, as the seed draws it, holding only screens the console has built and the role may use.
import { type Action, can } from './permissions';
import { Role } from './roles';

export interface MenuItem {
  key: string;
  path: string;
  children?: MenuItem[];
  /** Children the console fetches: the help documents in the reader's range; the entry hides while there are none. */
  fill?: 'help_documents';
}

interface Entry extends MenuItem {
  /** What the caller must be allowed to do for the entry to show. */
  needs?: Action;
  /** Shown only in this kind of deployment (a private deployment hides the management log). */
  deployment?: 'private' | 'public';
  children?: Entry[];
}

const entry = (key: string, path: string, needs?: Action, children?: Entry[]): Entry => ({ key, path, ...(needs ? { needs } : {}), ...(children ? { children } : {}) });

/** Every role's help documents: the manual page of each entry in its range, listed by the console. */
const helpDocuments: Entry = { ...entry('menu_help_documents', '/document/manual', 'document.read'), fill: 'help_documents' };

const internalMenu: Entry[] = [
  entry('menu_overview', '/home'),
  entry('menu_new_project', '/project/new/0', 'project.create'),
  entry('menu_projects_to_publish', '/project/release', 'project.edit'),
  entry('menu_going_projects', '/project/going', 'project.edit'),
  entry('menu_finished_projects', '/project/finish', 'project.edit'),
  entry('menu_personnel', '/personnel', 'people.read', [
    entry('menu_taggers', '/personnel/tagger', 'people.read'),
    entry('menu_acceptors', '/personnel/checker', 'people.read'),
    entry('menu_teams', '/personnel/supplier', 'team.read'),
    entry('menu_pms', '/personnel/pm', 'people.pms'),
  ]),
  entry('menu_config', '/config', 'catalog.read', [
    entry('menu_tool_config', '/toolConfig', 'catalog.read'),
    entry('menu_data_rules', '/baseConfig/index', 'catalog.read'),
    entry('menu_error_groups', '/errorType/index', 'catalog.read'),
    entry('menu_invalid_reasons', '/picture/reason', 'catalog.read'),
    entry('menu_annotation_rules', '/baseConfig/tagRule', 'catalog.read'),
  ]),
  entry('menu_algorithms', '/algorithm', 'algorithm.read', [
    entry('menu_algorithm_list', '/algorithm/list', 'algorithm.read'),
    // The seed's menu: calls are the admin's; a PM follows a project's calls on its algorithm page.
    entry('menu_algorithm_call', '/algorithm/call', 'algorithm.call'),
  ]),
  entry('menu_notices', '/home/notice', 'announcement.read'),
  entry('menu_announcements', '/notice/index', 'announcement.manage'),
  { ...entry('menu_management_log', '/log/index', 'history.read'), deployment: 'public' },
  entry('menu_audit', '/audit', 'audit.read'),
  entry('menu_mailbox', '/mailbox', 'mailbox.read'),
  entry('menu_document_management', '/document/management', 'document.manage'),
  helpDocuments,
];

const areaMenus: Partial<Record<string, Entry[]>> = {
  [Role.Tagger]: [
    entry('menu_overview', '/tag/index'),
    entry('menu_going_projects', '/tag/going', 'item.claim'),
    entry('menu_notices', '/tag/notice', 'announcement.read'),
    helpDocuments,
  ],
  // The seed gives a supplier its personnel entry in a private deployment only; its taggers page stays readable
  // everywhere, since it shares work among its groups.
  [Role.Supplier]: [entry('menu_projects', '/supplier/index'), entry('menu_taggers', '/supplier/tagger', 'people.manage'), helpDocuments],
  [Role.Client]: [entry('menu_acceptance_projects', '/checkout/index'), helpDocuments],
  [Role.Auditor]: [
    entry('menu_audited_projects', '/audit/projects', 'past.read'),
    { ...entry('menu_management_log', '/log/index', 'history.read'), deployment: 'public' },
    entry('menu_audit', '/audit', 'audit.read'),
    helpDocuments,
  ],
};

function visible(entries: Entry[], role: string, privateDeployment: boolean): MenuItem[] {
  return entries.flatMap((e): MenuItem[] => {
    if (e.needs && !can(role, e.needs, privateDeployment)) return [];
    if (e.deployment && e.deployment !== (privateDeployment ? 'private' : 'public')) return [];
    const item: MenuItem = { key: e.key, path: e.path, ...(e.fill ? { fill: e.fill } : {}) };
    if (!e.children) return [item];
    const children = visible(e.children, role, privateDeployment);
    return children.length > 0 ? [{ ...item, children }] : [];
  });
}

export function menuFor(role: string, privateDeployment: boolean): MenuItem[] {
  const internal = role === Role.Admin || role === Role.Pm || role === Role.SeniorPm;
  return visible(internal ? internalMenu : (areaMenus[role] ?? []), role, privateDeployment);
}
