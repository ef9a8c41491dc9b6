// Whose accounts a caller may see and manage: admins everyone, PMs suppliers, taggers and acceptors, suppliers their own taggers.
import { can } from './permissions';
import { allRoles, Role } from './roles';

/** The roles whose accounts this caller may list and view. */
export function visibleRoles(actorRole: string): Role[] {
  if (!can(actorRole, 'people.read', false)) return [];
  if (can(actorRole, 'people.pms', false)) return allRoles;
  if (actorRole === Role.Supplier) return [Role.Tagger];
  return [Role.Supplier, Role.Tagger, Role.Client];
}

/** The roles whose accounts this caller may create, edit, disable and enable; suppliers only in private deployment. */
export function manageableRoles(actorRole: string, privateDeployment: boolean): Role[] {
  return can(actorRole, 'people.manage', privateDeployment) ? visibleRoles(actorRole) : [];
}

/** A supplier only ever sees and manages the taggers of its own team. */
export const scopedToOwnTeam = (actorRole: string): boolean => actorRole === Role.Supplier;
