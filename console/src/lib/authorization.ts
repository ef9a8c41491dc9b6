// What the signed-in person may do, from the same permission table the server's route guards read.
import { useCallback } from 'react';
import { type Action, can } from '@annot/workflows';
import { useServerConfig } from './server-config';
import { useUserInfo } from './user-info';

export interface Permissions {
  /** False until the person and the deployment are known, so nothing is offered that might be refused. */
  can: (action: Action) => boolean;
  role: string | undefined;
  ready: boolean;
}

export function useCan(): Permissions {
  const user = useUserInfo();
  const config = useServerConfig();
  const role = user.data?.role;
  const privateDeployment = config.data?.private_deployment ?? false;
  const check = useCallback((action: Action) => can(role, action, privateDeployment), [role, privateDeployment]);
  return { can: check, role, ready: !!user.data && !!config.data };
}
