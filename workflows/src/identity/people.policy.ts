// Who may manage whom: admins everyone, PMs suppliers, taggers and acceptors, suppliers their own taggers in private deployment.
import { Role } from './roles';

export function manageableRoles(actorRole: string, privateDeployment: boolean): Role[] {
  if (actorRole === Role.Admin) return [Role.Admin, Role.Pm, Role.SeniorPm, Role.Supplier, Role.Tagger, Role.Client];
  if (actorRole === Role.Pm || actorRole === Role.SeniorPm) return [Role.Supplier, Role.Tagger, Role.Client];
  if (actorRole === Role.Supplier && privateDeployment) return [Role.Tagger];
  return [];
}

/** A supplier only ever sees and manages the taggers of its own team. */
export const scopedToOwnTeam = (actorRole: string): boolean => actorRole === Role.Supplier;
