// A project's lifecycle buttons are those its status allows and the person's role may use, nothing the server would refuse.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { userInfoQuery } from '@/lib/user-info';
import { serverConfigQuery } from '@/lib/server-config';
import { i18n, setLanguage } from '@/lib/i18n';
import { ProjectActions } from './project-actions';

function renderAs(role: string) {
  setLanguage('en-US');
  const client = new QueryClient();
  client.setQueryData(userInfoQuery().queryKey, { id: 'p', name: 'Someone', role, account: 'someone', ding_talk_account: null });
  client.setQueryData(serverConfigQuery().queryKey, { dots_url: '/login', private_deployment: false });
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <ProjectActions id="00000000-0000-4000-8000-000000000000" status="in_progress" published />
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

describe(ProjectActions.name, () => {
  it('offers a PM what the machine allows for an ongoing project', () => {
    renderAs('10');
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['Pause', 'Complete', 'Close', 'Clone']);
  });

  it('offers a tagger, a supplier and a client nothing', () => {
    for (const role of ['40', '30', '50']) {
      renderAs(role);
      expect(screen.queryAllByRole('button')).toEqual([]);
    }
  });
});
