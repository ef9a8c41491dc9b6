// GET /ocr_front_config/server_url_config.json: where the central login lives and whether this is a private deployment,
// which sign-in and the permission check share.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client';

export interface ServerConfig {
  dots_url: string;
  private_deployment: boolean;
}

export const serverConfigQuery = () =>
  queryOptions({ queryKey: ['server-config'], queryFn: () => api.get<ServerConfig>('/ocr_front_config/server_url_config.json'), staleTime: Infinity });

export const useServerConfig = () => useQuery(serverConfigQuery());
