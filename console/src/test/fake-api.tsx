// What component tests share: a fake API answering by method and path in the seed's envelope,
// and a render in the chosen language (or as a person of a role) with a fresh query client and a router.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { vi } from 'vitest';
import { i18n, setLanguage, type UiLanguage } from '@/lib/i18n';
import { serverConfigQuery } from '@/lib/server-config';
import { userInfoQuery } from '@/lib/user-info';

export interface Answer {
  code?: number;
  message?: string;
  errCode?: string | null;
  data?: unknown;
}

/** Answers `METHOD /path` (query left out) with the first matching route; 404 for anything else. */
export function fakeApi(routes: Record<string, Answer | ((body: unknown) => Answer)>) {
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    const path = url.split('?')[0];
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const route = routes[`${init?.method ?? 'GET'} ${path}`];
    const answer = typeof route === 'function' ? route(body) : (route ?? { code: 404, message: 'Not found', errCode: 'NOT_FOUND' });
    const code = answer.code ?? 200;
    return new Response(JSON.stringify({ code, message: answer.message ?? 'ok', data: answer.data ?? null, errCode: answer.errCode ?? null }), { headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetch);
  return {
    fetch,
    /** The commands sent, as `METHOD /path` with their bodies and If-Match. */
    sent: () =>
      fetch.mock.calls
        .filter(([, init]) => init?.method && init.method !== 'GET')
        .map(([url, init]) => ({ route: `${init!.method} ${url.split('?')[0]}`, body: JSON.parse(String(init!.body)), ifMatch: (init!.headers as Record<string, string>)['if-match'] })),
  };
}

export function renderIn(language: UiLanguage, ui: ReactElement) {
  setLanguage(language);
  return render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter>{ui}</MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

/** Renders in English for a person of `role` (its code), as the console's permission checks read the signed-in person. */
export function renderAs(role: string, ui: ReactElement) {
  void setLanguage('en-US');
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(userInfoQuery().queryKey, { id: 'p', name: 'Someone', role, account: 'someone', ding_talk_account: null });
  client.setQueryData(serverConfigQuery().queryKey, { dots_url: '/login', private_deployment: false });
  return render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <MemoryRouter>{ui}</MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}
