// The side menu of each role, as the seed draws it; private deployment drops what it hides.
import { Role } from './roles';

export interface MenuItem {
  key: string;
  path: string;
  children?: MenuItem[];
}

const item = (key: string, path: string, children?: MenuItem[]): MenuItem => (children ? { key, path, children } : { key, path });

export function menuFor(role: string, privateDeployment: boolean): MenuItem[] {
  const admin = role === Role.Admin;
  const pm = role === Role.Pm || role === Role.SeniorPm;
  if (admin || pm) {
    const menu: (MenuItem | false)[] = [
      item('menu_overview', '/home'),
      item('menu_new_project', '/project/new/0'),
      item('menu_released_projects', '/project/release'),
      item('menu_going_projects', '/project/going'),
      item('menu_finished_projects', '/project/finish'),
      item('menu_personnel', '/personnel', [
        item('menu_taggers', '/personnel/tagger'),
        item('menu_acceptors', '/personnel/checker'),
        item('menu_teams', '/personnel/supplier'),
        ...(admin ? [item('menu_pms', '/personnel/pm')] : []),
      ]),
      item('menu_config', '/config', [
        item('menu_tool_config', '/toolConfig'),
        item('menu_data_rules', '/baseConfig/index'),
        item('menu_error_groups', '/errorType/index'),
        item('menu_invalid_reasons', '/picture/reason'),
        item('menu_annotation_rules', '/baseConfig/tagRule'),
      ]),
      !privateDeployment &&
        item('menu_algorithms', '/algorithm', [item('menu_algorithm_list', '/algorithm/list'), ...(admin ? [item('menu_algorithm_call', '/algorithm/call')] : [])]),
      !privateDeployment && admin && item('menu_announcements', '/notice/index'),
      !privateDeployment && item('menu_management_log', '/log/index'),
      admin && item('menu_audit', '/audit'),
      admin && item('menu_mailbox', '/mailbox'),
      !privateDeployment && admin && item('menu_documents', '/document/management'),
      !privateDeployment && item('menu_help', '/document/manual'),
    ];
    return menu.filter((m): m is MenuItem => m !== false);
  }
  if (role === Role.Tagger) return [item('menu_overview', '/tag/index'), item('menu_going_projects', '/tag/going')];
  if (role === Role.Supplier) return [item('menu_projects', '/supplier/index'), ...(privateDeployment ? [item('menu_taggers', '/supplier/tagger')] : [])];
  if (role === Role.Client) return [item('menu_acceptance_projects', '/checkout/index')];
  return [];
}
