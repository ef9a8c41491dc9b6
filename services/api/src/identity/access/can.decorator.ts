// A route's door from the shared permission table, so the server and the console read the same rule.
import { applyDecorators } from '@nestjs/common';
import { type Action, permissions, type Permission } from '@annot/workflows';
import { AlsoInPrivateDeployment, Roles } from './access.decorator';

/** Whoever the permission table lets do this action, with its private-deployment extras. */
export function Can(action: Action) {
  const rule: Permission = permissions[action];
  return applyDecorators(Roles(...rule.roles), AlsoInPrivateDeployment(...(rule.privateRoles ?? [])));
}
