// The route guard: a token in cookie or local storage, or a dots-uuid sign-in link; otherwise off to sign in.
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { landingPath } from '@annot/workflows';
import { Skeleton } from '@/components/ui/skeleton';
import { sessionEndedEvent } from '@/lib/api-client';
import { readToken, saveToken, savePerson } from '@/lib/auth-token';
import { serverConfigQuery } from '@/lib/server-config';
import { dotsLogin } from '../api/dots-login';
import { useHeartbeat } from '../api/use-heartbeat';

export function RequireAuth({ children }: { children: ReactNode }) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  const dotsUuid = params.get('dots-uuid');
  const [token, setToken] = useState(readToken);
  const config = useQuery(serverConfigQuery());
  const exchange = useQuery({
    queryKey: ['dots-login', dotsUuid],
    queryFn: () => dotsLogin(dotsUuid!),
    enabled: !!dotsUuid,
    retry: false,
    staleTime: Infinity,
  });

  useEffect(() => {
    const ended = () => setToken(null);
    window.addEventListener(sessionEndedEvent, ended);
    return () => window.removeEventListener(sessionEndedEvent, ended);
  }, []);

  useEffect(() => {
    if (!exchange.data) return;
    saveToken(exchange.data.token);
    savePerson(exchange.data.info);
    setToken(exchange.data.token);
    navigate(landingPath(exchange.data.info.role), { replace: true });
  }, [exchange.data, navigate]);

  useHeartbeat(!!token);

  if (dotsUuid && exchange.isPending) return <Skeleton className="m-8 h-32" />;
  if (token) return <>{children}</>;
  const loginUrl = config.data?.dots_url ?? '/login';
  if (/^https?:\/\//.test(loginUrl)) {
    window.location.assign(loginUrl);
    return null;
  }
  return <Navigate to={loginUrl} replace state={{ from: location.pathname }} />;
}
