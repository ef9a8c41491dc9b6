import { describe, expect, it } from 'vitest';
import { matchRoutes } from 'react-router-dom';
import { type MenuItem, menuFor, Role } from '@annot/workflows';
import { routes } from './routes';

const paths = (items: MenuItem[]): string[] => items.flatMap((item) => (item.children ? paths(item.children) : [item.path]));
const roles = Object.values(Role);

describe('routes', () => {
  it('has a screen, not the 404 page, for every menu entry of every role in both kinds of deployment', () => {
    const missing = roles.flatMap((role) =>
      [false, true].flatMap((privateDeployment) =>
        paths(menuFor(role, privateDeployment)).filter((path) => {
          const matched = matchRoutes(routes, path);
          return !matched || matched[matched.length - 1].route.path === '*';
        }),
      ),
    );
    expect(missing).toEqual([]);
  });

  it('sends an address the console does not have to the 404 page', () => {
    const matched = matchRoutes(routes, '/no/such/screen');
    expect(matched?.[matched.length - 1].route.path).toBe('*');
  });
});
