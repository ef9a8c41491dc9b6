// A project's lifecycle buttons are those its status allows and the person's role may use, nothing the server would refuse.
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAs } from '@/test/fake-api';
import { ProjectActions } from './project-actions';

const actionsAs = (role: string) => renderAs(role, <ProjectActions id="00000000-0000-4000-8000-000000000000" status="in_progress" published />);

describe(ProjectActions.name, () => {
  it('offers a PM what the machine allows for an ongoing project', () => {
    actionsAs('10');
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['Pause', 'Complete', 'Close', 'Clone']);
  });

  it('offers a tagger, a supplier and a client nothing', () => {
    for (const role of ['40', '30', '50']) {
      actionsAs(role);
      expect(screen.queryAllByRole('button')).toEqual([]);
    }
  });
});
