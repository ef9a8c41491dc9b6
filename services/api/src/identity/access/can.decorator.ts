// A route's door from the shared permission table, so the server and the console read the same rule.
import { applyDecorators } from '@nestjs/common';
import { type Action, permissions, type Permission } from '@annot/workflows';
import { AlsoInPrivateDeployment, HiddenInPrivateDeployment, Roles } from './access.decorator';

/** Whoever the permission table lets do this action, with its private-deployment extras; gone there where it is public only. */
export function Can(action: Action) {
  const rule: Permission = permissions[action];
  const decorators = [Roles(...rule.roles), AlsoInPrivateDeployment(...(rule.privateRoles ?? []))];
  return applyDecorators(...decorators, ...(rule.publicOnly ? [HiddenInPrivateDeployment()] : []));
}
