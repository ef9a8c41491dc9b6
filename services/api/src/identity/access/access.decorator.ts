// Every route says who may call it; a route that says nothing is refused (deny by default).
import { SetMetadata } from '@nestjs/common';
import type { Role } from '@annot/workflows';

export type AccessRule =
  | { kind: 'public' }
  | { kind: 'signed-in' }
  | { kind: 'roles'; roles: readonly Role[] }
  | { kind: 'service' }
  | { kind: 'stream-ticket' };

export const accessKey = 'access-rule';
export const privateHiddenKey = 'hidden-in-private-deployment';
export const privateRolesKey = 'roles-in-private-deployment';

/** Anyone, signed in or not: sign-in, registration, health, configuration the login page needs. */
export const Public = () => SetMetadata<string, AccessRule>(accessKey, { kind: 'public' });
/** Another service of ours, proving itself with the shared key in X-Service-Key. */
export const ServiceOnly = () => SetMetadata<string, AccessRule>(accessKey, { kind: 'service' });
/** A signed-in account proving itself with a stream ticket in the query: only the events stream, which a browser opens without headers. */
export const StreamTicketOnly = () => SetMetadata<string, AccessRule>(accessKey, { kind: 'stream-ticket' });
/** Any signed-in account, whatever its role. */
export const SignedIn = () => SetMetadata<string, AccessRule>(accessKey, { kind: 'signed-in' });
/** Only these roles. */
export const Roles = (...roles: Role[]) => SetMetadata<string, AccessRule>(accessKey, { kind: 'roles', roles });
/** Roles that are let in as well when the platform runs as a private deployment. */
export const AlsoInPrivateDeployment = (...roles: Role[]) => SetMetadata(privateRolesKey, roles);
/** Gone (404) when the platform runs as a private deployment. */
export const HiddenInPrivateDeployment = () => SetMetadata(privateHiddenKey, true);
